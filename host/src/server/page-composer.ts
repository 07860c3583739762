import { Parser } from "htmlparser2";
import {
  EAGER_HYDRATION,
  ISLAND_ATTRIBUTES,
  ISLAND_ELEMENT,
  type IslandHydration,
  type SiteDocument,
} from "remote-kit";
import { REMOTE_ROUTES_MODULE } from "remote-kit/contracts";
import {
  escapeHtml,
  type FormOutcome,
  type FormPost,
  type FragmentInclude,
  fragmentSlotMarkers,
  type RenderRequest,
  remoteCookiePrefix,
  renderPageHead,
  type SiteContext,
} from "remote-kit/protocol";
import { CACHE_TAGS, REMOTE_NAMES, type RemoteName, type RemotesConfig } from "shared-types";
import { homeHead } from "../features/home/components/home-page";
import type { ServerRegion } from "../features/remotes/components/remote-region";
import { FragmentCache } from "./fragment-cache";
import { composeDocument, type HostAssets, inlineSources, type PageCode, type PageParts } from "./page-document";
import { OwnerUnknown, type RemoteDirectory, RendererUnavailable, type ResolvedRemote } from "./remote-directory";
import { renderApp } from "./render-app";
import { renderLinks, takeLeadingLinks } from "./resource-hints";
import { PageTimings } from "./server-timing";

/** A page composed (documentOf), or where its visitor goes instead. */
export type ComposedPage =
  | Awaited<ReturnType<typeof documentOf>>
  | { kind: "redirect"; status: number; location: string };

export interface PageComposerOptions {
  assets: HostAssets;
  directory: RemoteDirectory;
  remotesConfig: () => Promise<RemotesConfig>;
  /** The site's address and the dealership's details (from the API), for this request. */
  site: () => Promise<SiteContext>;
  /** One deadline for the whole composition: the manifest, the render, the fragments and the styles. */
  renderTimeoutMs: number;
  /** Told when a page fell back to the shell, or a fragment to its fallback, and why. */
  onFallback: (details: { remote: string; path: string; error: unknown }) => void;
  /** When the host's own pages last changed: the home page's sitemap entry. */
  builtAt: string;
}

/** A refused form sent without scripts, shown again; the visitor's cookies, for a page made for them alone. */
export type PageRequest = Pick<RenderRequest, "form" | "cookies">;

/** Of a visitor's cookies, the ones a remote named (remoteCookiePrefix): a remote never reads another's. */
function cookiesOf(remote: string, cookies: Record<string, string> | undefined): Record<string, string> {
  const prefix = remoteCookiePrefix(remote);
  return Object.fromEntries(Object.entries(cookies ?? {}).filter(([name]) => name.startsWith(prefix)));
}

/** Each island element's start tag: React escapes ">" inside attribute values, so a tag ends at its first ">". */
const ISLAND_TAG = new RegExp(`<${ISLAND_ELEMENT}\\b[^>]*>`, "g");
const ISLAND_ID = /^([a-z]+)\/([A-Za-z0-9/._-]+)$/;

/**
 * The island attribute the host never reads, whose value may be long (the form sent back), as React writes it: left
 * out before the tag is parsed, which then costs microseconds instead of a millisecond.
 */
const UNREAD_ATTRIBUTES = new RegExp(`\\s${ISLAND_ATTRIBUTES.form}="[^"]*"`, "g");

/** Every island in a page's HTML: its id ("leads/contact-form") and when it hydrates (absent: as the page loads). */
export function islandsIn(html: string) {
  return [...html.matchAll(ISLAND_TAG)].flatMap(([tag]) => {
    // read by an HTML parser: in any order, quoted or not, entities decoded
    let attributes: Record<string, string> = {};
    new Parser({ onopentag: (_name, found) => (attributes = found) }, { decodeEntities: true }).end(
      tag.replace(UNREAD_ATTRIBUTES, ""),
    );
    const [, remote, module] = ISLAND_ID.exec(attributes[ISLAND_ATTRIBUTES.id] ?? "") ?? [];
    if (!remote || !module) return [];
    const hydrate = (attributes[ISLAND_ATTRIBUTES.hydrate] ?? "load") as IslandHydration;
    return [{ id: `${remote}/${module}`, remote, module, hydrate }];
  });
}

/** Replaces each filled slot (its markers and the consumer's fallback between them) with its fragment's HTML. */
function fillSlots(html: string, filled: ReadonlyMap<string, string>): string {
  let result = html;
  for (const [slot, fragment] of filled) {
    const { open, close } = fragmentSlotMarkers(slot);
    const start = result.indexOf(open);
    const end = result.indexOf(close, start);
    if (start >= 0 && end >= 0) result = result.slice(0, start) + fragment + result.slice(end + close.length);
  }
  return result;
}

/**
 * A page's deadline as an AbortSignal whose timer `end` clears once the work is done: AbortSignal.timeout's fires
 * long after the page was sent and makes its error then (16 µs a limit, measured; two limits a page).
 */
function timeLimit(ms: number): { signal: AbortSignal; end: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError")),
    ms,
  );
  timer.unref();
  return { signal: controller.signal, end: () => clearTimeout(timer) };
}

/** Composes each page (production and dev servers): the shell, the owning remote's HTML and its peers' fragments. */
export class PageComposer {
  /** The peers' fragments pages include, for the next page made with the same one. */
  readonly fragments = new FragmentCache();

  constructor(private readonly options: PageComposerOptions) {}

  async page(requestUrl: string, request: PageRequest = {}): Promise<ComposedPage> {
    const limit = timeLimit(this.options.renderTimeoutMs);
    return this.pageWithin(requestUrl, request, limit.signal).finally(limit.end);
  }

  private async pageWithin(requestUrl: string, request: PageRequest, signal: AbortSignal): Promise<ComposedPage> {
    const timings = new PageTimings();
    const { pathname, search } = new URL(requestUrl, "http://host.invalid");
    const location = `${pathname}${search}`;
    const site = await timings.time("site", () => this.options.site(), "the dealership's details");
    // read once: every part of this page comes from the same configuration
    const remotes = await timings.time("config", () => this.options.remotesConfig(), "where the remotes are");
    const sources = this.options.directory.contentSources(remotes, signal);
    const page = { location, request, signal, site, remotes, timings, sources };
    const making: PageMaking = { ...this.options, fragments: this.fragments, ...page };
    if (pathname === "/") {
      const head = renderPageHead(homeHead(site), headSite(site));
      return documentOf(making, { status: 200, head, appHtml: renderApp(location, site, null), route: "/" });
    }
    const owner = await timings.time("owner", () => this.owner(pathname, remotes, signal), "whose page it is");
    // SPEC §2: unknown paths go home, and search engines are told so
    if (!owner) return { kind: "redirect", status: 301, location: "/" };
    // not known to be nobody's: the shell says so for now (kept by no cache), and the next request asks again
    if (owner === "unknown") return shellOf(making, new OwnerUnknown(location), { mode: "unreachable" }, 503);
    try {
      return await remotePage(making, owner.remote, owner.pattern);
    } catch (error) {
      // the remote's renderer could not help in time: the shell, and the browser renders the region
      return shellOf(making, error, { mode: "browser", remote: owner.remote }, 200, owner.pattern);
    }
  }

  /** The page at a path and its owner (null: nobody's; "unknown": cannot be told yet), within a page's deadline. */
  async owner(pathname: string, remotes?: RemotesConfig, pageSignal?: AbortSignal) {
    const limit = timeLimit(this.options.renderTimeoutMs);
    const config = remotes ?? (await this.options.remotesConfig());
    return this.options.directory
      .pageOf(pathname, config, pageSignal ?? limit.signal)
      .catch((error: unknown) => {
        if (error instanceof OwnerUnknown) return "unknown" as const;
        throw error;
      })
      .finally(limit.end);
  }

  /** Handed by the host server to the remote that owns a form posted to a page without scripts. */
  async submitForm(remote: RemoteName, post: Omit<FormPost, "site">): Promise<FormOutcome> {
    const remotes = await this.options.remotesConfig();
    const signal = AbortSignal.timeout(Math.max(this.options.renderTimeoutMs, 10_000));
    const resolved = await this.options.directory.resolve(remote, remotes, signal);
    if (!resolved.server?.form) throw new RendererUnavailable(`${remote} takes no forms`);
    const body = { ...post, cookies: cookiesOf(remote, post.cookies), site: await this.options.site() };
    return this.options.directory.call(resolved, "form", body, signal);
  }

  /** /sitemap.xml: the home page and every page each remote lists (a remote that cannot answer is left out). */
  async sitemap(onRemoteError: (remote: string, error: unknown) => void): Promise<string> {
    const { siteUrl } = await this.options.site();
    const remotes = await this.options.remotesConfig();
    const lists = await Promise.all(
      REMOTE_NAMES.map((name) =>
        this.options.directory.sitemap(name, remotes).catch((error: unknown) => {
          onRemoteError(name, error);
          return [];
        }),
      ),
    );
    const seen = new Set<string>();
    const urls = [{ path: "/", lastmod: this.options.builtAt }, ...lists.flat()]
      .filter((entry) => !seen.has(entry.path) && seen.add(entry.path))
      .map(({ path, lastmod }) => {
        const date = lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : "";
        return `  <url><loc>${escapeHtml(`${siteUrl}${path}`)}</loc>${date}</url>`;
      });
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  }
}

/** One page in the making, and what it is made with: read once, every part of it from the same configuration. */
interface PageMaking extends Pick<PageComposerOptions, "assets" | "directory" | "onFallback"> {
  fragments: FragmentCache;
  location: string;
  request: PageRequest;
  /** The page's deadline. */
  signal: AbortSignal;
  site: SiteContext;
  remotes: RemotesConfig;
  timings: PageTimings;
  sources: ReturnType<RemoteDirectory["contentSources"]>;
}

type PageDraft = Omit<PageParts, "site" | "code"> & {
  status: number;
  tags?: readonly string[];
  fallback?: boolean;
  /** A part the browser renders itself (the region, a peer's module): the federation runtime is needed at once. */
  inBrowser?: boolean;
  providers?: readonly ResolvedRemote[];
  composed?: SiteDocument["composed"];
};

/** The shell alone, kept briefly: with the region the browser renders, or saying whose the page is cannot be told. */
function shellOf(making: PageMaking, error: unknown, region: ServerRegion, status: number, route?: string) {
  const { location, site } = making;
  const remote = "remote" in region ? region.remote : undefined;
  making.onFallback({ remote: remote ?? "unknown", path: location, error });
  return documentOf(making, {
    status,
    head: `<title>${escapeHtml(site.business.name)}</title>`,
    appHtml: renderApp(location, site, region),
    route,
    tags: remote ? [CACHE_TAGS.remote(remote)] : [],
    fallback: true,
    inBrowser: region.mode === "browser",
  });
}

async function documentOf(making: PageMaking, draft: PageDraft) {
  const { assets, directory, timings } = making;
  const { providers = [], status, fallback = false } = draft;
  const code = codeOf(making, draft.appHtml, providers);
  if (draft.inBrowser) code.eager = [...new Set([...code.eager, ...assets.federationChunks])];
  // the entries of the remotes whose islands are in the page: a page with none names no remote's code
  const withIslands = providers.filter((p) => Object.keys(code.islands).some((id) => id.startsWith(`${p.name}/`)));
  const entries = Object.fromEntries(withIslands.map((remote) => [remote.name, directory.entryOf(remote)]));
  const site = { ...making.site, remotes: making.remotes, composed: draft.composed ?? null };
  const parts: PageParts = { ...draft, code, site: withIslands.length > 0 ? { ...site, entries } : site };
  const html = await timings.time("compose", async () => composeDocument(assets, parts), "the document");
  return {
    kind: "page" as const,
    status,
    /** Its HTML in pieces (documentBytes writes them out); its own inline code, allowed by hash in its CSP. */
    html,
    inline: inlineSources(assets, parts),
    sources: await making.sources,
    /** What it shows that can change (shared-types CACHE_TAGS), for a shared cache's purges. */
    tags: [...new Set([CACHE_TAGS.site, ...(draft.tags ?? [])])],
    /** The shell alone, or a peer's part left to the browser (a renderer could not help in time): kept briefly. */
    fallback,
    /** Where its making went, hop by hop (the Server-Timing header of the answer that made it). */
    timings: timings.entries,
  };
}

/** A remote's page: its render, the peers' fragments it includes, their styles and the code of its islands. */
async function remotePage(making: PageMaking, remote: RemoteName, route: string): Promise<ComposedPage> {
  const { directory, timings, site, location, remotes, request, signal } = making;
  const owner = await timings.time("manifest", () => directory.resolve(remote, remotes, signal), `${remote}'s release`);
  const peers = await timings.time("peers", () => directory.peersAsBuilt(remotes, signal), "the remotes' builds");
  // (a field left undefined is not sent: JSON has no undefined)
  const cookies = request.cookies && cookiesOf(remote, request.cookies);
  const body = { path: location, site, remoteBase: owner.browserBase, peers, form: request.form, cookies };
  const result = await timings.time(
    "render",
    () => directory.call(owner, "render", body, signal),
    `${remote}'s server`,
  );
  timings.add(result.timings, remote);
  if (result.location) return { kind: "redirect", status: result.status, location: result.location };
  // React's resource hints lead the HTML: they go into the head
  const hinted = takeLeadingLinks(result.html);
  const includes = result.fragments ?? [];
  const fragments = await timings.time(
    "fragments",
    () => fillFragments(making, hinted.html, includes),
    `${includes.length} from peers`,
  );
  // the owner's stylesheets for its pages, and each peer's for the module it put in the page
  const parts = [{ remote: owner, module: REMOTE_ROUTES_MODULE, tags: result.cacheTags ?? [] }, ...fragments.parts];
  const styles = await Promise.all(parts.map((part) => directory.moduleStyles(part.remote, part.module, signal)));
  const linked = parts.flatMap((part, i) => (styles[i] ? [] : directory.moduleAssets(part.remote, part.module).css));
  // a peer's part left to the browser (its renderer could not help in time): kept as briefly as the shell
  const unfilled = fragments.parts.length < includes.length;
  return documentOf(making, {
    status: result.status,
    head: renderPageHead(result.head, headSite(site)) + releaseMeta(owner),
    route,
    appHtml: renderApp(location, site, { mode: "islands", remote }, fragments.html),
    composed: { remote, path: location },
    providers: parts.map((part) => part.remote),
    links: renderLinks(hinted.links),
    styles: [...new Set(styles.flatMap((list) => list ?? []))],
    css: [...new Set(linked)],
    tags: parts.flatMap((part) => [...part.tags, CACHE_TAGS.remote(part.remote.name)]),
    fallback: unfilled,
    inBrowser: unfilled,
  });
}

/** Every peer's module the page includes, asked at once, into its slot; one not had leaves the consumer's fallback. */
async function fillFragments(making: PageMaking, html: string, includes: readonly FragmentInclude[]) {
  const { directory, fragments, site, location: path, remotes, signal } = making;
  const { form } = making.request;
  const filled = new Map<string, string>();
  const parts: { remote: ResolvedRemote; module: string; tags: readonly string[] }[] = [];
  await Promise.all(
    includes.map(async ({ from, module, slot, ...include }) => {
      try {
        const provider = await directory.resolve(from, remotes, signal);
        const props = fragments.propsFor(provider.build, { module, ...include });
        const ask = () => directory.call(provider, "fragment", { module, props, site, path, form }, signal);
        // a form sent back is this visitor's alone; anything else may be the fragment another page just had
        const fragment = form ? await ask() : await fragments.get({ build: provider.build, site, module, props }, ask);
        // React's resource hints before its content go nowhere: the page's own head has the page's
        filled.set(slot, takeLeadingLinks(fragment.html).html);
        parts.push({ remote: provider, module, tags: fragment.cacheTags ?? [] });
      } catch (error) {
        making.onFallback({ remote: from, path: `${path} (${module})`, error });
      }
    }),
  );
  return { html: fillSlots(html, filled), parts };
}

/**
 * The code of each island in the page, fetched when the island is needed (at once for those hydrated as the page
 * loads): the host's own from its build; a remote's entry, the federation runtime and the module's chunks.
 */
function codeOf({ assets, directory }: PageMaking, html: string, resolved: readonly ResolvedRemote[]): PageCode {
  const code: PageCode = { eager: [], islands: {}, styles: {} };
  for (const island of islandsIn(html)) {
    const provider = resolved.find((r) => r.name === island.remote);
    if (island.remote !== "host" && !provider) continue;
    const module = provider && directory.moduleAssets(provider, `./${island.module}`);
    const files = module ? [...assets.federationChunks, ...module.js] : (assets.islandChunks[island.id] ?? []);
    // the runtime links the module's stylesheets and waits for them before it runs the module
    if (module?.css.length) code.styles[island.id] = module.css;
    code.islands[island.id] = files;
    if (EAGER_HYDRATION.includes(island.hydrate)) code.eager.push(...files);
  }
  return { ...code, eager: [...new Set(code.eager)] };
}

/** What a page's head names the site by. */
const headSite = (site: SiteContext) => ({ siteUrl: site.siteUrl, siteName: site.business.name });

/** Which release of the remote composed the page (`fleet-release` writes it in its manifest): what a visitor saw. */
function releaseMeta(remote: ResolvedRemote): string {
  const release = remote.manifest.metaData?.release as { id?: unknown } | undefined;
  return typeof release?.id === "string"
    ? `<meta name="fleet-release" content="${escapeHtml(`${remote.name}@${release.id}`)}">`
    : "";
}

/** /robots.txt: everything may be crawled but the API (its drawn media aside); the sitemap is named. */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nDisallow: /api/\nAllow: /api/media/\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
