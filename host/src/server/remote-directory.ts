import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import CircuitBreaker from "opossum";
import {
  type FormPost,
  type FragmentRequest,
  joinAnswer,
  MANIFEST_SERVER_FIELD,
  RENDER_PROTOCOL,
  type RemoteServerInfo,
  type RenderRequest,
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
import { requestWithin, traceHeaders } from "server-kit";
import { REMOTE_NAMES, type RemoteName, type RemotesConfig } from "shared-types";
import type { z } from "zod";

/** The parts of a federation manifest (mf-manifest.json) the host server reads. */
interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string }; [field: string]: unknown };
  exposes?: { name: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[]; async?: string[] } } }[];
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
 * The first of the patterns that answers the path, by react-router's matching (as the remote's router does). A
 * path that does not begin as a pattern does is not compiled against it: every page asks this of every route.
 */
function patternAnswering(patterns: readonly string[], pathname: string): string | undefined {
  const lower = pathname.toLowerCase();
  return patterns.find(
    (pattern) =>
      lower.startsWith(fixedStarts.memo(pattern)) && matchPath({ path: pattern, end: true }, pathname) !== null,
  );
}

/** A remote as this request sees it: where browsers and this server reach it, and what its manifest says. */
export type ResolvedRemote = Awaited<ReturnType<RemoteDirectory["resolve"]>>;

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
 * An answer's text and type, up to `maxBytes`. Any status but 200 rejects, a 404 to a POST as not owned (an
 * answer, not a failure). The page's trace goes on (traceparent). undici's own request: renders and fragments are
 * the host's busiest calls, and fetch's web streams cost several times as much.
 */
async function remoteAnswer(
  url: string,
  maxBytes: number,
  options: { signal: AbortSignal; method?: "POST"; headers?: Record<string, string>; body?: string },
) {
  const { body, headers } = await requestWithin(url, maxBytes, {
    ...options,
    headers: { ...options.headers, ...traceHeaders() },
    refuse: (status) => {
      if (status === 200) return undefined;
      const notOwned = status === 404 && options.method === "POST";
      return new (notOwned ? NotOwned : RendererUnavailable)(`${url} answered ${status}`);
    },
  });
  return { text: body.toString("utf8"), type: String(headers["content-type"] ?? "") };
}

const getWithin = async (url: string, maxBytes: number, signal: AbortSignal) =>
  (await remoteAnswer(url, maxBytes, { signal })).text;

/** The endpoints of a remote's server the host calls, and the protocol's schema of what each answers. */
const ANSWER_SCHEMAS = { render: renderResultSchema, fragment: fragmentResultSchema, form: formOutcomeSchema };
type Endpoint = keyof typeof ANSWER_SCHEMAS;
type EndpointRequest = { render: RenderRequest; fragment: FragmentRequest; form: FormPost };
type EndpointAnswer<E extends Endpoint> = z.output<(typeof ANSWER_SCHEMAS)[E]>;

const isAbsolute = (url: string) => /^https?:\/\//i.test(url);

/**
 * Finds each remote's server through its manifest (metaData.server) in the page's remote configuration, and calls
 * it within the page's deadline (then aborted: the remote stops working on a page nobody will see), behind a
 * circuit breaker per remote: a server that hangs or fails stops costing each page its time until it recovers.
 */
export class RemoteDirectory {
  private readonly manifests = new ManifestCache<{ manifest: FederationManifest; build: string }>();
  private readonly breakers = new Map<string, CircuitBreaker>();
  /** Remote stylesheets by URL: their names carry their content's hash, so an entry never goes stale. */
  private readonly styles = new LRUCache<string, string, AbortSignal>({
    max: 200,
    fetchMethod: (url, _stale, { context }) => getWithin(url, MAX_BYTES.style, context),
  });
  /** The routes each remote last declared: a remote that cannot be reached still owns its paths (its page falls back). */
  private readonly declaredRoutes = new Map<RemoteName, readonly string[]>();

  constructor(private readonly options: RemoteDirectoryOptions) {}

  serverUrlOf(name: RemoteName, configured: string): string {
    const proxied = `/remotes/${name}/`;
    if (!configured.startsWith(proxied)) return new URL(configured, this.options.selfOrigin).href;
    return new URL(configured.slice(proxied.length), `${this.options.remoteOrigins[name].replace(/\/$/, "")}/`).href;
  }

  async resolve(name: RemoteName, config: RemotesConfig, signal: AbortSignal) {
    const serverManifest = this.serverUrlOf(name, config[name]);
    const { manifest, build } = await this.manifests.get(serverManifest, async (url) => {
      const text = await getWithin(url, MAX_BYTES.manifest, signal);
      const build = createHash("sha256").update(text).digest("base64url").slice(0, 16);
      return { manifest: JSON.parse(text) as FederationManifest, build };
    });
    const server = manifest.metaData?.[MANIFEST_SERVER_FIELD] as RemoteServerInfo | undefined;
    return {
      name,
      /** Its manifest's directory as configured (relative to the page, or absolute): the browser loads it from here. */
      browserBase: config[name].slice(0, config[name].lastIndexOf("/") + 1),
      /** Absolute, reachable from this server. */
      serverManifest,
      manifest,
      /** A short name for the build its manifest describes (any change to it is another build). */
      build,
      server: server?.protocol === RENDER_PROTOCOL ? server : null,
    };
  }

  /**
   * The remote whose manifest declares the path (metaData.server.routes: a team adds a page with its own release),
   * the pattern that answers it (the page's Web Vitals are reported under it), and its page declaration if any;
   * null when no remote answers it.
   */
  async pageOf(pathname: string, config: RemotesConfig, signal: AbortSignal) {
    const resolved = await this.resolveAll(config, signal);
    for (const [i, name] of REMOTE_NAMES.entries()) {
      const server = resolved[i]?.server;
      if (server?.routes) this.declaredRoutes.set(name, server.routes);
      const pattern = patternAnswering(this.declaredRoutes.get(name) ?? [], pathname);
      if (pattern === undefined) continue;
      const page = server?.pages?.find((declared) => patternAnswering([declared.path], pathname) !== undefined);
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

  /** Each remote's manifest URL as this server reaches it, marked with its build (`#build=…`); null: unreachable. */
  async builds(config: RemotesConfig, signal: AbortSignal): Promise<Record<RemoteName, string | null>> {
    const resolved = await this.resolveAll(config, signal);
    const marked = resolved.map((remote) => remote && `${remote.serverManifest}#build=${remote.build}`);
    return Object.fromEntries(REMOTE_NAMES.map((name, i) => [name, marked[i] ?? null])) as Record<RemoteName, string>;
  }

  /**
   * Every remote's manifest URL as builds() marks it (unmarked when unreachable): a renderer reads its peers' data
   * there, again as soon as a peer's build changes (the mark is in its cache key): no page shows a redeploy's old data.
   */
  async peersAsBuilt(config: RemotesConfig, signal: AbortSignal): Promise<Partial<Record<RemoteName, string>>> {
    const builds = await this.builds(config, signal);
    return Object.fromEntries(REMOTE_NAMES.map((name) => [name, builds[name] ?? this.serverUrlOf(name, config[name])]));
  }

  /**
   * What the pages' CSP must allow beyond the site: every remote configured elsewhere, and the origins each manifest
   * says its pages embed or call (none from a manifest that cannot be had: its pages cannot be shown anyway).
   */
  async contentSources(config: RemotesConfig, signal: AbortSignal) {
    const remoteOrigins = Object.values(config)
      .filter(isAbsolute)
      .map((url) => new URL(url).origin);
    const declared = (await this.resolveAll(config, signal)).map((remote) => remote?.server?.contentSources ?? {});
    return { remoteOrigins: [...new Set(remoteOrigins)], declared };
  }

  private breakerFor(serverManifest: string): CircuitBreaker {
    const breaker =
      this.breakers.get(serverManifest) ??
      new CircuitBreaker(this.post.bind(this), {
        timeout: false, // each call carries the page's abort signal
        errorThresholdPercentage: 50,
        volumeThreshold: 2,
        rollingCountTimeout: 10_000,
        resetTimeout: this.options.breakerResetMs,
        // a path the remote does not own, or a module it does not expose, is an answer, not a failure
        errorFilter: (error: Error) => error instanceof NotOwned,
      });
    this.breakers.set(serverManifest, breaker);
    return breaker;
  }

  private async post(remote: ResolvedRemote, endpoint: Endpoint, body: unknown, signal: AbortSignal) {
    const path = remote.server?.[endpoint];
    if (!path) throw new RendererUnavailable(`${remote.name}'s manifest names no ${endpoint}`);
    const url = atManifestOrigin(path, remote.serverManifest);
    const json = JSON.stringify(body);
    const secret = this.options.renderSecret;
    const headers = {
      "content-type": "application/json",
      // a page's or a fragment's HTML as it is; a form's outcome is JSON
      accept: `${SPLIT_ANSWER_TYPE}, application/json`,
      // over the machine's own network an answer is read at once: compressing it costs both ends, and saves nothing
      "accept-encoding": "identity",
      ...(secret ? { [SIGNATURE_HEADER]: signRequest(secret, endpoint, json) } : {}),
    };
    const answer = await remoteAnswer(url, MAX_BYTES.render, { method: "POST", headers, body: json, signal });
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
    body: EndpointRequest[E],
    signal: AbortSignal,
  ): Promise<EndpointAnswer<E>> {
    if (signal.aborted) throw new RendererUnavailable("no time left");
    const answer = await this.breakerFor(remote.serverManifest).fire(remote, endpoint, body, signal);
    return answer as EndpointAnswer<E>;
  }

  async sitemap(name: RemoteName, config: RemotesConfig): Promise<SitemapEntry[]> {
    const signal = AbortSignal.timeout(5000);
    const remote = await this.resolve(name, config, signal);
    if (!remote.server) return [];
    const url = atManifestOrigin(remote.server.sitemap, remote.serverManifest);
    return JSON.parse(await getWithin(url, MAX_BYTES.sitemap, signal)) as SitemapEntry[];
  }

  /**
   * An exposed module's stylesheets, to put in the page (a first paint that waits for no further request); null
   * when one cannot be had in time: the page links them instead.
   */
  async moduleStyles(remote: ResolvedRemote, module: string, signal: AbortSignal): Promise<string[] | null> {
    // (a file the manifest names elsewhere is refused as one that cannot be had)
    const styles = filesOf(remote.manifest, module).css.map(async (file) =>
      this.styles.fetch(atManifestOrigin(file, remote.serverManifest), { context: signal }),
    );
    const css = await Promise.all(styles).catch(() => null);
    return css?.every((text) => text !== undefined) ? css : null;
  }

  /** An exposed module's stylesheets, and the remote's entry with the module's chunks, as the browser loads them. */
  moduleAssets(remote: ResolvedRemote, module: string) {
    const { css, js } = filesOf(remote.manifest, module);
    const inBrowser = (file: string) =>
      isAbsolute(remote.browserBase) ? new URL(file, remote.browserBase).href : `${remote.browserBase}${file}`;
    return { css: css.map(inBrowser), js: js.map(inBrowser) };
  }

  /** The remote's entry (remoteEntry.js) as the browser loads it. */
  entryOf(remote: ResolvedRemote): string {
    return this.moduleAssets(remote, "").js[0] as string;
  }
}

/** An exposed module's stylesheets, and the remote's entry with the module's chunks, as its manifest names them. */
function filesOf({ exposes, metaData }: FederationManifest, module: string): { css: string[]; js: string[] } {
  const assets = exposes?.find((exposed) => exposed.name === module.replace(/^\.\//, ""))?.assets;
  const entry = `${metaData?.remoteEntry?.path ?? ""}${metaData?.remoteEntry?.name ?? "remoteEntry.js"}`;
  return {
    css: [...(assets?.css?.sync ?? []), ...(assets?.css?.async ?? [])],
    js: [entry, ...(assets?.js?.sync ?? [])],
  };
}
