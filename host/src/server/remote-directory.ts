import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import CircuitBreaker from "opossum";
import {
  type ContentSources,
  type FormOutcome,
  type FormPost,
  type FragmentRequest,
  type FragmentResult,
  joinAnswer,
  MANIFEST_SERVER_FIELD,
  type PageDeclaration,
  RENDER_PROTOCOL,
  type RemoteServerInfo,
  type RenderRequest,
  type RenderResult,
  type SitemapEntry,
  SPLIT_ANSWER_TYPE,
} from "remote-kit/protocol";
import { matchPath } from "remote-kit/router";
import {
  firstProblem,
  formOutcomeSchema,
  fragmentResultSchema,
  ManifestCache,
  renderResultSchema,
  SIGNATURE_HEADER,
  signRequest,
} from "remote-kit/server";
import { traceHeaders } from "server-kit";
import { REMOTE_NAMES, type RemoteName, type RemotesConfig } from "shared-types";
import { request } from "undici";

/** The parts of a federation manifest (mf-manifest.json) the host server reads. */
interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string }; [field: string]: unknown };
  exposes?: ExposedModule[];
}
interface ExposedModule {
  name: string;
  assets?: { js?: { sync?: string[] }; css?: { sync?: string[]; async?: string[] } };
}

/**
 * What every path a pattern matches begins with: the pattern up to the last "/" before its first parameter, splat
 * or optional segment ("/inventory/vehicle" of "/inventory/vehicle/:stock"), in lower case as react-router matches.
 */
const fixedStarts = new LRUCache<string, string>({
  max: 1000,
  memoMethod: (pattern) => {
    const special = pattern.search(/[:*?]/);
    const fixed = special < 0 ? pattern : pattern.slice(0, pattern.lastIndexOf("/", special));
    // "/contact/" matches "/contact"; a pattern not from the root is left to react-router
    return pattern.startsWith("/") ? fixed.replace(/\/+$/, "").toLowerCase() : "";
  },
});

/**
 * The first of the patterns that answers the path ("/inventory/vehicle/:id" for "/inventory/vehicle/A1"), by
 * react-router's matching (the same the remote's own router uses). A path that does not begin as a pattern does is
 * not compiled against it: every page asks this of every remote's routes.
 */
function patternAnswering(patterns: readonly string[], pathname: string): string | undefined {
  const lower = pathname.toLowerCase();
  return patterns.find(
    (pattern) =>
      lower.startsWith(fixedStarts.memo(pattern)) && matchPath({ path: pattern, end: true }, pathname) !== null,
  );
}

/** A remote as this request sees it: where browsers and this server reach it, and what its manifest says. */
export interface ResolvedRemote {
  name: RemoteName;
  /** Its manifest's directory as configured (relative to the page, or absolute): the browser loads it from here. */
  browserBase: string;
  /** Absolute, reachable from this server. */
  serverManifest: string;
  manifest: FederationManifest;
  server: RemoteServerInfo | null;
}

export interface RemoteDirectoryOptions {
  /** Where /remotes/{name}/ is proxied to: how this server reaches a remote configured behind its own proxy. */
  remoteOrigins: Record<RemoteName, string>;
  /** This server's own address, for any other relative manifest URL. */
  selfOrigin: string;
  /** A renderer that keeps failing is skipped for this long (RENDER_BREAKER_RESET_MS) before it is tried again. */
  breakerResetMs: number;
  /** RENDER_SECRET's current secret: every request to a remote's renderer is signed with it (remotes refuse others). */
  renderSecret: string | null;
}

export class RendererUnavailable extends Error {}
/**
 * No reachable remote answers the path, and a remote that cannot be reached has never said which paths it answers
 * (the host started while it was down): the path may be its, so it is neither sent home nor called unknown.
 */
export class OwnerUnknown extends Error {}
class NotOwned extends Error {}

/** The most this server reads of each kind of answer from a remote: more is a remote gone wrong, not a page. */
const MAX_BYTES = { manifest: 1024 * 1024, render: 8 * 1024 * 1024, style: 2 * 1024 * 1024, sitemap: 4 * 1024 * 1024 };

/**
 * An address a remote's manifest names (its renderer, its styles, its sitemap), resolved against the manifest: only
 * at the manifest's own origin, which the remote configuration chose. A manifest cannot send this server elsewhere.
 */
function atManifestOrigin(path: string, manifestUrl: string): string {
  const url = new URL(path, manifestUrl);
  if (url.origin !== new URL(manifestUrl).origin) {
    throw new RendererUnavailable(`${manifestUrl} names ${url.origin}, not its own origin: not followed`);
  }
  return url.href;
}

/**
 * An answer's body and type, up to `maxBytes` (a larger one rejects, said so by its length or found so as it is
 * read; an answer cut short is destroyed). Any status but 200 rejects, a 404 to a POST as not owned (an answer, not
 * a failure). No redirect is followed: an address that moved is not answering. The page's trace goes on (its
 * traceparent), to the remote and from it to the API. undici's own request: a page's render and fragments are the
 * host's busiest calls, and fetch's web streams cost several times as much per call.
 */
async function requestWithin(
  url: string,
  maxBytes: number,
  options: { signal: AbortSignal; method?: "POST"; headers?: Record<string, string>; body?: string },
): Promise<{ text: string; type: string }> {
  const answer = await request(url, { ...options, headers: { ...options.headers, ...traceHeaders() } });
  if (answer.statusCode !== 200) {
    await answer.body.dump();
    const notOwned = answer.statusCode === 404 && options.method === "POST";
    throw new (notOwned ? NotOwned : RendererUnavailable)(`${url} answered ${answer.statusCode}`);
  }
  const overLimit = () => new RendererUnavailable(`${url} is over ${maxBytes} bytes`);
  if (Number(answer.headers["content-length"] ?? 0) > maxBytes) {
    answer.body.destroy();
    throw overLimit();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of answer.body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      answer.body.destroy();
      throw overLimit();
    }
    chunks.push(chunk);
  }
  return { text: Buffer.concat(chunks).toString("utf8"), type: String(answer.headers["content-type"] ?? "") };
}

/** A GET's body, up to `maxBytes` (requestWithin). */
const getWithin = async (url: string, maxBytes: number, signal: AbortSignal) =>
  (await requestWithin(url, maxBytes, { signal })).text;

const buildMarks = new WeakMap<FederationManifest, string>();

/** A short name for the build a manifest describes (any change to it is another build). */
function buildMark(remote: ResolvedRemote): string {
  let mark = buildMarks.get(remote.manifest);
  if (!mark) {
    mark = createHash("sha256").update(JSON.stringify(remote.manifest)).digest("base64url").slice(0, 16);
    buildMarks.set(remote.manifest, mark);
  }
  return mark;
}

/** An exposed module's stylesheets, as its manifest names them. */
const stylesheetsOf = (exposed: ExposedModule | undefined) => [
  ...(exposed?.assets?.css?.sync ?? []),
  ...(exposed?.assets?.css?.async ?? []),
];

const ANSWER_SCHEMAS = { render: renderResultSchema, fragment: fragmentResultSchema, form: formOutcomeSchema };

/** The endpoints of a remote's server the host calls, and what each takes and answers. */
interface ServerCalls {
  render: [RenderRequest, RenderResult];
  fragment: [FragmentRequest, FragmentResult];
  form: [FormPost, FormOutcome];
}
type Endpoint = keyof ServerCalls;

/**
 * Finds each remote's server through its own manifest (metaData.server, written by remote-kit's Vite config), from
 * the remote configuration the page was composed with (read once per page by the caller), and calls it within the
 * page's deadline, behind a circuit breaker per remote: a server that hangs or fails stops costing each page its
 * time until it has recovered. Every call is aborted when the page's deadline passes, so the remote stops working
 * on a page nobody will see.
 */
export class RemoteDirectory {
  private readonly manifests = new ManifestCache<FederationManifest>();
  private readonly breakers = new Map<
    string,
    CircuitBreaker<[ResolvedRemote, Endpoint, unknown, AbortSignal], unknown>
  >();
  /** Remote stylesheets by URL: their names carry their content's hash, so an entry never goes stale. */
  private readonly styles = new LRUCache<string, string, AbortSignal>({
    max: 200,
    fetchMethod: (url, _stale, { context }) => getWithin(url, MAX_BYTES.style, context),
  });
  /** The routes each remote last declared: a remote that cannot be reached still owns its paths (its page falls back). */
  private readonly declaredRoutes = new Map<RemoteName, readonly string[]>();

  constructor(private readonly options: RemoteDirectoryOptions) {}

  serverUrlOf(name: RemoteName, configured: string): string {
    if (/^https?:\/\//i.test(configured)) return configured;
    const proxied = `/remotes/${name}/`;
    if (configured.startsWith(proxied)) {
      return `${this.options.remoteOrigins[name].replace(/\/$/, "")}/${configured.slice(proxied.length)}`;
    }
    return new URL(configured, this.options.selfOrigin).href;
  }

  private fetchManifest(url: string, signal: AbortSignal): Promise<FederationManifest> {
    return this.manifests.get(
      url,
      async () => JSON.parse(await getWithin(url, MAX_BYTES.manifest, signal)) as FederationManifest,
    );
  }

  async resolve(name: RemoteName, config: RemotesConfig, signal: AbortSignal): Promise<ResolvedRemote> {
    const serverManifest = this.serverUrlOf(name, config[name]);
    const manifest = await this.fetchManifest(serverManifest, signal);
    const server = manifest.metaData?.[MANIFEST_SERVER_FIELD] as RemoteServerInfo | undefined;
    return {
      name,
      browserBase: config[name].slice(0, config[name].lastIndexOf("/") + 1),
      serverManifest,
      manifest,
      server: server?.protocol === RENDER_PROTOCOL ? server : null,
    };
  }

  /**
   * The remote whose manifest declares the path (metaData.server.routes, written by its build), from the
   * configuration the page is composed with: a team adds a page with its own release, and the host serves it from
   * the next request. Null when no remote answers it.
   */
  async ownerOf(pathname: string, config: RemotesConfig, signal: AbortSignal): Promise<RemoteName | null> {
    return (await this.pageOf(pathname, config, signal))?.remote ?? null;
  }

  /**
   * The remote that answers the path, the pattern of its route that does (what the page's Web Vitals are reported
   * under), and its declaration of that page (metaData.server.pages: the query parameters it reads, whether it is
   * private) when its build declares one.
   */
  async pageOf(
    pathname: string,
    config: RemotesConfig,
    signal: AbortSignal,
  ): Promise<{ remote: RemoteName; pattern: string; page: PageDeclaration | null } | null> {
    const resolved = await this.resolveAll(config, signal);
    for (const [i, name] of REMOTE_NAMES.entries()) {
      const declared = resolved[i]?.server?.routes;
      if (declared) this.declaredRoutes.set(name, declared);
      const routes = declared ?? this.declaredRoutes.get(name) ?? [];
      const pattern = patternAnswering(routes, pathname);
      if (pattern === undefined) continue;
      const pages = resolved[i]?.server?.pages ?? [];
      const page = pages.find((declared) => patternAnswering([declared.path], pathname) !== undefined);
      return { remote: name, pattern, page: page ?? null };
    }
    const silent = REMOTE_NAMES.filter((name, i) => !resolved[i] && !this.declaredRoutes.has(name));
    if (silent.length > 0)
      throw new OwnerUnknown(`${silent.join(", ")} cannot be reached to say which paths are theirs`);
    return null;
  }

  /** Every remote as this request sees it, in REMOTE_NAMES' order; null for one that cannot be reached. */
  private resolveAll(config: RemotesConfig, signal: AbortSignal): Promise<(ResolvedRemote | null)[]> {
    return Promise.all(REMOTE_NAMES.map((name) => this.resolve(name, config, signal).catch(() => null)));
  }

  /**
   * Each remote's build as this server sees it: its manifest URL as this server reaches it, marked with the build
   * its manifest describes (`#build=…`); null for one that cannot be reached. A change is a new build or release.
   */
  async builds(config: RemotesConfig, signal: AbortSignal): Promise<Record<RemoteName, string | null>> {
    const resolved = await this.resolveAll(config, signal);
    return Object.fromEntries(
      REMOTE_NAMES.map((name, i) => {
        const remote = resolved[i];
        return [name, remote ? `${remote.serverManifest}#build=${buildMark(remote)}` : null];
      }),
    ) as Record<RemoteName, string | null>;
  }

  /**
   * Every remote's manifest URL as marked by builds() (unmarked when it cannot be reached): a renderer finds its
   * peers' published data there, and reads it again the moment the host sees a peer's new build (the mark is part
   * of its cache key), so no page made after a redeploy shows the old data.
   */
  async peersAsBuilt(config: RemotesConfig, signal: AbortSignal): Promise<Partial<Record<RemoteName, string>>> {
    const builds = await this.builds(config, signal);
    return Object.fromEntries(REMOTE_NAMES.map((name) => [name, builds[name] ?? this.serverUrlOf(name, config[name])]));
  }

  /**
   * What the pages' Content-Security-Policy must allow beyond the site itself: the origin of every remote configured
   * elsewhere (its code and styles load from there, its manifest is fetched from there), and the outside origins
   * each remote's manifest says its pages embed or call. A manifest that cannot be had adds nothing: that remote's
   * pages cannot be shown anyway.
   */
  async contentSources(
    config: RemotesConfig,
    signal: AbortSignal,
  ): Promise<{ remoteOrigins: string[]; declared: ContentSources[] }> {
    const remoteOrigins = REMOTE_NAMES.map((name) => config[name])
      .filter((url) => /^https?:\/\//i.test(url))
      .map((url) => new URL(url).origin);
    const declared = (await this.resolveAll(config, signal)).map((remote) => remote?.server?.contentSources ?? {});
    return { remoteOrigins: [...new Set(remoteOrigins)], declared };
  }

  private breakerFor(serverManifest: string) {
    let breaker = this.breakers.get(serverManifest);
    if (!breaker) {
      breaker = new CircuitBreaker(
        (remote: ResolvedRemote, endpoint: Endpoint, body: unknown, signal: AbortSignal) =>
          this.post(remote, endpoint, body, signal),
        {
          timeout: false, // each call carries the page's abort signal
          errorThresholdPercentage: 50,
          volumeThreshold: 2,
          rollingCountTimeout: 10_000,
          resetTimeout: this.options.breakerResetMs,
          // a path the remote does not own, or a module it does not expose, is an answer, not a failure
          errorFilter: (error: Error) => error instanceof NotOwned,
        },
      );
      this.breakers.set(serverManifest, breaker);
    }
    return breaker;
  }

  private async post(remote: ResolvedRemote, endpoint: Endpoint, body: unknown, signal: AbortSignal) {
    const path = remote.server?.[endpoint];
    if (!remote.server || !path) throw new RendererUnavailable(`${remote.name}'s manifest names no ${endpoint}`);
    const url = atManifestOrigin(path, remote.serverManifest);
    const json = JSON.stringify(body);
    // over the machine's own network an answer is read at once: compressing it costs both ends, and saves nothing
    const headers: Record<string, string> = {
      "content-type": "application/json",
      // a page's or a fragment's HTML as it is; a form's outcome is JSON
      accept: `${SPLIT_ANSWER_TYPE}, application/json`,
      "accept-encoding": "identity",
    };
    if (this.options.renderSecret) headers[SIGNATURE_HEADER] = signRequest(this.options.renderSecret, endpoint, json);
    const answer = await requestWithin(url, MAX_BYTES.render, { method: "POST", headers, body: json, signal });
    // checked against the protocol before any of it goes into a page
    const split = answer.type.startsWith(SPLIT_ANSWER_TYPE);
    const checked = ANSWER_SCHEMAS[endpoint].safeParse(split ? joinAnswer(answer.text) : JSON.parse(answer.text));
    if (!checked.success) {
      throw new RendererUnavailable(`${url} answered outside the protocol: ${firstProblem(checked.error)}`);
    }
    return checked.data;
  }

  /** Calls one of a remote's server endpoints behind its breaker; rejects when it cannot answer within `signal`. */
  async call<E extends Endpoint>(
    remote: ResolvedRemote,
    endpoint: E,
    body: ServerCalls[E][0],
    signal: AbortSignal,
  ): Promise<ServerCalls[E][1]> {
    if (signal.aborted) throw new RendererUnavailable("no time left");
    return (await this.breakerFor(remote.serverManifest).fire(remote, endpoint, body, signal)) as ServerCalls[E][1];
  }

  async sitemap(name: RemoteName, config: RemotesConfig): Promise<SitemapEntry[]> {
    const signal = AbortSignal.timeout(5000);
    const remote = await this.resolve(name, config, signal);
    if (!remote.server) return [];
    const url = atManifestOrigin(remote.server.sitemap, remote.serverManifest);
    return JSON.parse(await getWithin(url, MAX_BYTES.sitemap, signal)) as SitemapEntry[];
  }

  private expose(remote: ResolvedRemote, module: string) {
    const name = module.replace(/^\.\//, "");
    return remote.manifest.exposes?.find((e) => e.name === name);
  }

  /**
   * The stylesheets an exposed module brings (a remote's "./routes" for its pages, a form for a fragment), to put in
   * the page itself (a first paint that waits for no further request). Null when one cannot be had in time: the
   * page then links them instead.
   */
  async moduleStyles(remote: ResolvedRemote, module: string, signal: AbortSignal): Promise<string[] | null> {
    const files = stylesheetsOf(this.expose(remote, module));
    // (a file the manifest names elsewhere is refused as one that cannot be had)
    const styles = files.map(async (file) =>
      this.styles.fetch(atManifestOrigin(file, remote.serverManifest), { context: signal }),
    );
    const css = await Promise.all(styles).catch(() => null);
    return css?.every((text) => text !== undefined) ? css : null;
  }

  /**
   * What the browser needs of an exposed module, as it addresses them: its stylesheets, and the remote's entry
   * with the module's own chunks (fetched at once, rather than found one after another).
   */
  moduleAssets(remote: ResolvedRemote, module: string): { css: string[]; js: string[] } {
    const exposed = this.expose(remote, module);
    return {
      css: stylesheetsOf(exposed).map((file) => browserUrl(remote, file)),
      js: [this.entryOf(remote), ...(exposed?.assets?.js?.sync ?? []).map((file) => browserUrl(remote, file))],
    };
  }

  /** The remote's entry (remoteEntry.js) as the browser loads it. */
  entryOf(remote: ResolvedRemote): string {
    const entry = remote.manifest.metaData?.remoteEntry;
    return browserUrl(remote, `${entry?.path ?? ""}${entry?.name ?? "remoteEntry.js"}`);
  }
}

/** A file of the remote's build as the browser loads it: beside its manifest, relative to the page or absolute. */
function browserUrl(remote: ResolvedRemote, file: string): string {
  return /^https?:\/\//i.test(remote.browserBase)
    ? new URL(file, remote.browserBase).href
    : `${remote.browserBase}${file}`;
}
