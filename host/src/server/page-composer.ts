import { performance } from "node:perf_hooks";
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
import { FragmentCache } from "./fragment-cache";
import {
  composeDocument,
  type DocumentText,
  type HostAssets,
  inlineSources,
  type PageCode,
  type PageParts,
} from "./page-document";
import { OwnerUnknown, type RemoteDirectory, RendererUnavailable, type ResolvedRemote } from "./remote-directory";
import { renderApp } from "./render-app";
import { renderLinks, takeLeadingLinks } from "./resource-hints";
import { PageTimings, type TimingEntry } from "./server-timing";

export type ComposedPage =
  | {
      kind: "page";
      status: number;
      /** Its HTML in pieces: documentBytes writes them out. */
      html: DocumentText;
      sources: PageSources;
      /** Its own inline scripts and styles, allowed by hash in its CSP. */
      inline: ReturnType<typeof inlineSources>;
      /** What it shows that can change (shared-types CACHE_TAGS), for a shared cache's purges. */
      tags: string[];
      /** The shell alone, or a peer's part left to the browser (a renderer could not help in time): kept briefly. */
      fallback: boolean;
      /** Where its making went, hop by hop (the Server-Timing header of the answer that made it). */
      timings: TimingEntry[];
    }
  | { kind: "redirect"; status: number; location: string };

/** What the page's Content-Security-Policy must allow beyond the site (remote-directory contentSources). */
export type PageSources = Awaited<ReturnType<RemoteDirectory["contentSources"]>>;

export interface PageComposerOptions {
  assets: HostAssets;
  directory: RemoteDirectory;
  remotesConfig: () => Promise<RemotesConfig>;
  /** The site's address and the dealership's details (from the API), for this request. */
  site: () => Promise<SiteContext>;
  /** One deadline for the whole composition: the manifest, the render, the fragments and the styles. */
  renderTimeoutMs: number;
  /** Told when a page fell back to the shell, or a fragment to its fallback, and why. */
  onFallback?: (details: { remote: string; path: string; error: unknown }) => void;
  /** When the host's own pages last changed: the home page's sitemap entry. */
  builtAt: string;
}

/** A refused form sent without scripts, shown again; the visitor's cookies, for a page made for them alone. */
export type PageRequest = Pick<RenderRequest, "form" | "cookies">;

/** Of a visitor's cookies, the ones a remote named (remoteCookiePrefix): a remote never reads another's. */
export function cookiesOf(remote: string, cookies: Record<string, string> | undefined): Record<string, string> {
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

/** A start tag's attributes, read by an HTML parser (htmlparser2): in any order, quoted or not, entities decoded. */
function attributesOf(tag: string): Record<string, string> {
  const read: Record<string, string>[] = [];
  new Parser({ onopentag: (_name, found) => read.push(found) }, { decodeEntities: true }).end(
    tag.replace(UNREAD_ATTRIBUTES, ""),
  );
  return read[0] ?? {};
}

/** Every island in a page's HTML: its id ("leads/contact-form") and when it hydrates (absent: as the page loads). */
export function islandsIn(html: string): { id: string; remote: string; module: string; hydrate: IslandHydration }[] {
  return [...html.matchAll(ISLAND_TAG)].flatMap(([tag]) => {
    const attributes = attributesOf(tag);
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
    if (start < 0 || end < 0) continue;
    result = result.slice(0, start) + fragment + result.slice(end + close.length);
  }
  return result;
}

/**
 * AbortSignal.timeout, whose timer `end` drops once the work is done: AbortSignal.timeout's fires long after the
 * page was sent and makes its error then (16 µs a limit, measured; two limits a page).
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

/**
 * Composes each page (for the production and the dev server): the host's shell, the owning remote's server HTML
 * with the peers' fragments it includes (or the region left to the browser), the head, styles and islands' code.
 */
export class PageComposer {
  /** The peers' fragments pages include, for the next page made with the same one. */
  readonly fragments = new FragmentCache();

  constructor(private readonly options: PageComposerOptions) {}

  async page(requestUrl: string, request: PageRequest = {}): Promise<ComposedPage> {
    const limit = timeLimit(this.options.renderTimeoutMs);
    return this.compose(requestUrl, request, limit.signal).finally(limit.end);
  }

  private async compose(requestUrl: string, request: PageRequest, signal: AbortSignal): Promise<ComposedPage> {
    const timings = new PageTimings();
    const url = new URL(requestUrl, "http://host.invalid");
    const location = `${url.pathname}${url.search}`;
    const site = await timings.time("site", () => this.options.site(), "the dealership's details");
    // read once: every part of this page comes from the same configuration
    const remotes = await timings.time("config", () => this.options.remotesConfig(), "where the remotes are");
    const sources = this.options.directory.contentSources(remotes, signal);
    const making: PageMaking = { location, request, signal, site, remotes, timings, sources };
    if (url.pathname === "/") {
      const head = renderPageHead(homeHead(site), headSite(site));
      return this.pageOf(making, 200, { ...this.shell(making, head, renderApp(location, site, null)), route: "/" }, []);
    }

    const owner = await timings.time("owner", () => this.pageAt(url.pathname, remotes, signal), "whose page it is");
    // SPEC §2: unknown paths go home, and search engines are told so
    if (!owner) return { kind: "redirect", status: 301, location: "/" };
    // not known to be nobody's: the shell says so for now (kept by no cache), and the next request asks again
    if (owner === "unknown") {
      this.options.onFallback?.({ remote: "unknown", path: location, error: new OwnerUnknown(location) });
      const parts = this.shell(making, titleOnly(site), renderApp(location, site, { mode: "unreachable" }));
      return this.pageOf(making, 503, parts, [], true);
    }
    // the route's pattern, not the address: what a sampled page view's Web Vitals are reported under
    const route = owner.pattern;
    try {
      return await this.remotePage(making, owner.remote, route);
    } catch (error) {
      // the remote's renderer could not help in time: the shell, and the browser renders the region
      this.options.onFallback?.({ remote: owner.remote, path: location, error });
      const parts: PageParts = {
        head: titleOnly(site),
        appHtml: renderApp(location, site, { mode: "browser", remote: owner.remote }),
        route,
        site: this.document(making, null),
        code: { eager: this.options.assets.federationChunks, islands: {}, styles: {} },
      };
      return this.pageOf(making, 200, parts, [CACHE_TAGS.remote(owner.remote)], true);
    }
  }

  /** A page of the host's own: its head and HTML, and the code of the host's islands in it. */
  private shell(making: PageMaking, head: string, appHtml: string): PageParts {
    return { head, appHtml, site: this.document(making, null), code: this.codeOf(appHtml, []) };
  }

  /** The document's data about the page: the site, where the remotes are, and the entries of those in it. */
  private document(making: PageMaking, composed: SiteDocument["composed"], from: ResolvedRemote[] = []): SiteDocument {
    const entries = Object.fromEntries(from.map((remote) => [remote.name, this.options.directory.entryOf(remote)]));
    return { ...making.site, remotes: making.remotes, ...(from.length > 0 ? { entries } : {}), composed };
  }

  /** The page's document made of its parts, with what its answer needs (its sources, its inline code, its tags). */
  private async pageOf(
    making: PageMaking,
    status: number,
    parts: PageParts,
    tags: readonly string[],
    fallback = false,
  ): Promise<ComposedPage> {
    const composing = performance.now();
    const html = composeDocument(this.options.assets, parts);
    const inline = inlineSources(this.options.assets, parts);
    making.timings.entries.push({ name: "compose", desc: "the document", dur: performance.now() - composing });
    const sources = await making.sources;
    const allTags = [...new Set([CACHE_TAGS.site, ...tags])];
    return { kind: "page", status, sources, html, inline, tags: allTags, fallback, timings: making.timings.entries };
  }

  /** A remote's page: its render, the peers' fragments it includes, their styles and the code of its islands. */
  private async remotePage(making: PageMaking, remote: RemoteName, route: string): Promise<ComposedPage> {
    const { directory } = this.options;
    const { timings, site, location, remotes, request, signal } = making;
    const release = await timings.time(
      "manifest",
      () => directory.resolve(remote, remotes, signal),
      `${remote}'s release`,
    );
    const peers = await timings.time("peers", () => directory.peersAsBuilt(remotes, signal), "the remotes' builds");
    // (a field left undefined is not sent: JSON has no undefined)
    const cookies = request.cookies && cookiesOf(remote, request.cookies);
    const body = { path: location, site, remoteBase: release.browserBase, peers, form: request.form, cookies };
    const result = await timings.time(
      "render",
      () => directory.call(release, "render", body, signal),
      `${remote}'s server`,
    );
    timings.add(result.timings, remote);
    if (result.location) return { kind: "redirect", status: result.status, location: result.location };
    // React's resource hints lead the HTML: they go into the head
    const hinted = takeLeadingLinks(result.html);
    const fragments = await timings.time(
      "fragments",
      () => this.fillFragments(hinted.html, result.fragments ?? [], making),
      `${result.fragments?.length ?? 0} from peers`,
    );
    // the owner's stylesheets for its pages, and each peer's for the module it put in the page
    const parts = [{ remote: release, module: REMOTE_ROUTES_MODULE }, ...fragments.providers];
    const styles = await Promise.all(parts.map((part) => directory.moduleStyles(part.remote, part.module, signal)));
    const linked = parts.flatMap((part, i) => (styles[i] ? [] : directory.moduleAssets(part.remote, part.module).css));
    const appHtml = renderApp(location, site, { mode: "islands", remote }, fragments.html);
    const providers = parts.map((part) => part.remote);
    const code = this.codeOf(appHtml, providers);
    // the entries of the remotes whose islands are in the page: a page with none names no remote's code
    const withIslands = providers.filter((p) => Object.keys(code.islands).some((id) => id.startsWith(`${p.name}/`)));
    const pageParts: PageParts = {
      head: renderPageHead(result.head, headSite(site)) + releaseMeta(release),
      route,
      appHtml,
      site: this.document(making, { remote, path: location }, withIslands),
      links: renderLinks(hinted.links),
      styles: [...new Set(styles.flatMap((list) => list ?? []))],
      css: [...new Set(linked)],
      // a peer's module the browser renders itself is needed as the page loads
      code:
        fragments.unfilled > 0
          ? { ...code, eager: [...new Set([...code.eager, ...this.options.assets.federationChunks])] }
          : code,
    };
    const tags = [...(result.cacheTags ?? []), ...fragments.tags, ...providers.map((p) => CACHE_TAGS.remote(p.name))];
    // a peer's part left to the browser (its renderer could not help in time): kept as briefly as the shell
    return this.pageOf(making, result.status, pageParts, tags, fragments.unfilled > 0);
  }

  /**
   * Asks each peer whose module the page includes for its HTML, all at once within the page's deadline, into its
   * slot. A fragment that cannot be had leaves the consumer's fallback there (the browser loads the module itself).
   */
  private async fillFragments(html: string, includes: readonly FragmentInclude[], making: PageMaking) {
    const { location: path, site, remotes, signal } = making;
    const { form } = making.request;
    const filled = new Map<string, string>();
    const tags: string[] = [];
    const providers: { remote: ResolvedRemote; module: string }[] = [];
    await Promise.all(
      includes.map(async (include) => {
        try {
          const provider = await this.options.directory.resolve(include.from, remotes, signal);
          const props = this.fragments.propsFor(provider.manifest, include);
          const body = { module: include.module, props, site, path, form };
          const ask = () => this.options.directory.call(provider, "fragment", body, signal);
          // a form sent back is this visitor's alone; anything else may be the fragment another page just had
          const fragment = form
            ? await ask()
            : await this.fragments.get({ build: provider.manifest, site, module: include.module, props }, ask);
          // React's resource hints before its content go nowhere: the page's own head has the page's
          filled.set(include.slot, takeLeadingLinks(fragment.html).html);
          tags.push(...(fragment.cacheTags ?? []));
          providers.push({ remote: provider, module: include.module });
        } catch (error) {
          this.options.onFallback?.({ remote: include.from, path: `${path} (${include.module})`, error });
        }
      }),
    );
    return { html: fillSlots(html, filled), providers, unfilled: includes.length - filled.size, tags };
  }

  /**
   * The code of each island in the page, fetched when the island is needed (at once for those hydrated as the page
   * loads): the host's own from its build; a remote's entry, the federation runtime and the module's chunks.
   */
  private codeOf(html: string, resolved: readonly ResolvedRemote[]): PageCode {
    const islands: Record<string, string[]> = {};
    const styles: Record<string, string[]> = {};
    const eager: string[] = [];
    for (const island of islandsIn(html)) {
      let files: string[] = [];
      if (island.remote === "host") files = this.options.assets.islandChunks[island.id] ?? [];
      else {
        const provider = resolved.find((r) => r.name === island.remote);
        if (!provider) continue;
        const assets = this.options.directory.moduleAssets(provider, `./${island.module}`);
        files = [...this.options.assets.federationChunks, ...assets.js];
        // the runtime links the module's stylesheets and waits for them before it runs the module
        if (assets.css.length > 0) styles[island.id] = assets.css;
      }
      islands[island.id] = files;
      if (EAGER_HYDRATION.includes(island.hydrate)) eager.push(...files);
    }
    return { eager: [...new Set(eager)], islands, styles };
  }

  /** Which query parameters the page at a path reads (null: not declared, keep all), and whether it is private. */
  async declaredPage(pathname: string): Promise<{ query: readonly string[] | null; private: boolean }> {
    // the home page is the host's own, and reads no parameter
    if (pathname === "/") return { query: [], private: false };
    const found = await this.owner(pathname);
    // whose the page is cannot be told yet: its query is kept, and it is made for this request alone
    if (found === "unknown") return { query: null, private: true };
    // a path no remote answers goes home (SPEC §2) whatever its query: none is kept
    if (!found) return { query: [], private: false };
    return { query: found.page?.query ?? null, private: found.page?.private === true };
  }

  /** The page at a path and its owner (null: nobody's), or "unknown" while whose it is cannot be told. */
  private pageAt(pathname: string, remotes: RemotesConfig, signal: AbortSignal) {
    return this.options.directory.pageOf(pathname, remotes, signal).catch((error: unknown) => {
      if (error instanceof OwnerUnknown) return "unknown" as const;
      throw error;
    });
  }

  /** The page at a path and its owner as configured now (pageAt), within a page's deadline. */
  async owner(pathname: string) {
    const remotes = await this.options.remotesConfig();
    const limit = timeLimit(this.options.renderTimeoutMs);
    return this.pageAt(pathname, remotes, limit.signal).finally(limit.end);
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
  async sitemap(onRemoteError?: (remote: string, error: unknown) => void): Promise<string> {
    const { siteUrl } = await this.options.site();
    const remotes = await this.options.remotesConfig();
    const lists = await Promise.all(
      REMOTE_NAMES.map((name) =>
        this.options.directory.sitemap(name, remotes).catch((error: unknown) => {
          onRemoteError?.(name, error);
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

/** What is in the page this request makes, as far as it is made. */
interface PageMaking {
  location: string;
  request: PageRequest;
  /** The page's deadline. */
  signal: AbortSignal;
  site: SiteContext;
  remotes: RemotesConfig;
  timings: PageTimings;
  sources: Promise<PageSources>;
}

/** What a page's head names the site by. */
const headSite = (site: SiteContext) => ({ siteUrl: site.siteUrl, siteName: site.business.name });

const titleOnly = (site: SiteContext) => `<title>${escapeHtml(site.business.name)}</title>`;

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
