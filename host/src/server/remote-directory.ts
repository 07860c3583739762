import CircuitBreaker from "opossum";
import {
  type ContentSources,
  MANIFEST_SERVER_FIELD,
  RENDER_PROTOCOL,
  type RemoteServerInfo,
  type RenderRequest,
  type RenderResult,
  type SitemapEntry,
} from "remote-kit/protocol";
import { REMOTE_NAMES, type RemoteName, type RemotesConfig } from "shared-types";

/** The parts of a federation manifest (mf-manifest.json) the host server reads. */
interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string }; [field: string]: unknown };
  exposes?: { name: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[]; async?: string[] } } }[];
}

/** A remote as this request sees it: where browsers and this server reach it, and what its manifest says. */
export interface ResolvedRemote {
  name: RemoteName;
  /** As configured: relative to the page, or absolute. The browser loads the remote from here. */
  browserManifest: string;
  browserBase: string;
  /** Absolute, reachable from this server. */
  serverManifest: string;
  manifest: FederationManifest;
  server: RemoteServerInfo | null;
}

export interface RemoteDirectoryOptions {
  /** The remote configuration, read on every request (a redeployed remote is a configuration change). */
  config: () => Promise<RemotesConfig>;
  /** Where /remotes/{name}/ is proxied to: how this server reaches a remote configured behind its own proxy. */
  remoteOrigins: Record<RemoteName, string>;
  /** This server's own address, for any other relative manifest URL. */
  selfOrigin: string;
  /** A render (manifest included) slower than this falls back to the shell. */
  renderTimeoutMs: number;
  /** After this many failures in a row within the window, the renderer is skipped for `breakerResetMs`. */
  breakerResetMs?: number;
}

export class RendererUnavailable extends Error {}
class RouteNotOwned extends Error {}

const MANIFEST_TTL_MS = 2000;

function directoryOf(url: string): string {
  return url.slice(0, url.lastIndexOf("/") + 1);
}

/**
 * Finds each remote's renderer through its own manifest (metaData.server, written by remote-kit's Vite config),
 * from the same configuration the browser uses, and calls it with a time limit behind a circuit breaker: a
 * renderer that hangs or fails stops costing each request its timeout until it has recovered.
 */
export class RemoteDirectory {
  private readonly manifests = new Map<string, { at: number; manifest: Promise<FederationManifest> }>();
  private readonly breakers = new Map<string, CircuitBreaker<[RenderRequest, ResolvedRemote], RenderResult>>();
  /** Remote stylesheets by URL: their names carry their content's hash, so an entry never goes stale. */
  private readonly styles = new Map<string, Promise<string>>();

  constructor(private readonly options: RemoteDirectoryOptions) {}

  serverUrlOf(name: RemoteName, configured: string): string {
    if (/^https?:\/\//i.test(configured)) return configured;
    const proxied = `/remotes/${name}/`;
    if (configured.startsWith(proxied)) {
      return `${this.options.remoteOrigins[name].replace(/\/$/, "")}/${configured.slice(proxied.length)}`;
    }
    return new URL(configured, this.options.selfOrigin).href;
  }

  private fetchManifest(url: string): Promise<FederationManifest> {
    const cached = this.manifests.get(url);
    if (cached && Date.now() - cached.at < MANIFEST_TTL_MS) return cached.manifest;
    const manifest = fetch(url, { signal: AbortSignal.timeout(this.options.renderTimeoutMs) }).then(async (r) => {
      if (!r.ok) throw new RendererUnavailable(`${url} answered ${r.status}`);
      return (await r.json()) as FederationManifest;
    });
    this.manifests.set(url, { at: Date.now(), manifest });
    manifest.catch(() => this.manifests.delete(url));
    return manifest;
  }

  async resolve(name: RemoteName): Promise<ResolvedRemote> {
    const config = await this.options.config();
    const browserManifest = config[name];
    const serverManifest = this.serverUrlOf(name, browserManifest);
    const manifest = await this.fetchManifest(serverManifest);
    const server = manifest.metaData?.[MANIFEST_SERVER_FIELD] as RemoteServerInfo | undefined;
    return {
      name,
      browserManifest,
      browserBase: directoryOf(browserManifest),
      serverManifest,
      manifest,
      server: server?.protocol === RENDER_PROTOCOL ? server : null,
    };
  }

  /** Every remote's manifest URL as this server reaches it: a renderer finds its peers' published data there. */
  async peers(): Promise<Partial<Record<RemoteName, string>>> {
    const config = await this.options.config();
    return Object.fromEntries(REMOTE_NAMES.map((name) => [name, this.serverUrlOf(name, config[name])]));
  }

  /**
   * What the pages' Content-Security-Policy must allow beyond the site itself: the origin of every remote configured
   * elsewhere (its code and styles load from there, its manifest is fetched from there), and the outside origins
   * each remote's manifest says its pages embed or call. A manifest that cannot be had adds nothing: that remote's
   * pages cannot be shown anyway.
   */
  async contentSources(): Promise<{ remoteOrigins: string[]; declared: ContentSources[] }> {
    const config = await this.options.config();
    const remoteOrigins = REMOTE_NAMES.map((name) => config[name])
      .filter((url) => /^https?:\/\//i.test(url))
      .map((url) => new URL(url).origin);
    const declared = await Promise.all(
      REMOTE_NAMES.map(async (name) => {
        try {
          const server = (await this.fetchManifest(this.serverUrlOf(name, config[name]))).metaData?.[
            MANIFEST_SERVER_FIELD
          ] as RemoteServerInfo | undefined;
          return server?.contentSources ?? {};
        } catch {
          return {};
        }
      }),
    );
    return { remoteOrigins: [...new Set(remoteOrigins)], declared };
  }

  private breakerFor(serverManifest: string) {
    let breaker = this.breakers.get(serverManifest);
    if (!breaker) {
      breaker = new CircuitBreaker(
        (request: RenderRequest, remote: ResolvedRemote) => this.callRenderer(request, remote),
        {
          timeout: false, // each call carries its own abort signal
          errorThresholdPercentage: 50,
          volumeThreshold: 2,
          rollingCountTimeout: 10_000,
          resetTimeout: this.options.breakerResetMs ?? 10_000,
          errorFilter: (error: Error) => error instanceof RouteNotOwned,
        },
      );
      this.breakers.set(serverManifest, breaker);
    }
    return breaker;
  }

  private async callRenderer(request: RenderRequest, remote: ResolvedRemote): Promise<RenderResult> {
    if (!remote.server) throw new RendererUnavailable(`${remote.name}'s manifest names no renderer`);
    const url = new URL(remote.server.render, remote.serverManifest).href;
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(this.options.renderTimeoutMs),
    });
    if (response.status === 404) throw new RouteNotOwned(`${remote.name} owns no route for ${request.path}`);
    if (!response.ok) throw new RendererUnavailable(`${url} answered ${response.status}`);
    return (await response.json()) as RenderResult;
  }

  /** The remote's server HTML for a path; rejects (the caller falls back) when it cannot be had in time. */
  async render(
    name: RemoteName,
    request: Omit<RenderRequest, "remoteBase" | "peers">,
  ): Promise<{ remote: ResolvedRemote; result: RenderResult }> {
    const started = Date.now();
    const remote = await this.resolve(name);
    const breaker = this.breakerFor(remote.serverManifest);
    const full: RenderRequest = {
      ...request,
      remoteBase: remote.browserBase,
      peers: await this.peers(),
    };
    if (Date.now() - started > this.options.renderTimeoutMs) throw new RendererUnavailable("no time left to render");
    const result = await breaker.fire(full, remote);
    return { remote, result };
  }

  async sitemap(name: RemoteName): Promise<SitemapEntry[]> {
    const remote = await this.resolve(name);
    if (!remote.server) return [];
    const response = await fetch(new URL(remote.server.sitemap, remote.serverManifest), {
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`${name}'s sitemap answered ${response.status}`);
    return (await response.json()) as SitemapEntry[];
  }

  /**
   * The remote's stylesheets for its routes, to put in the page itself (a first paint that waits for no further
   * request). Null when one cannot be had in time: the page then links them instead.
   */
  async routeStyles(remote: ResolvedRemote): Promise<string[] | null> {
    const routes = remote.manifest.exposes?.find((e) => e.name === "routes");
    const files = [...(routes?.assets?.css?.sync ?? []), ...(routes?.assets?.css?.async ?? [])];
    try {
      return await Promise.all(
        files.map((file) => {
          const url = new URL(file, remote.serverManifest).href;
          let css = this.styles.get(url);
          if (!css) {
            css = fetch(url, { signal: AbortSignal.timeout(this.options.renderTimeoutMs) }).then(async (r) => {
              if (!r.ok) throw new Error(`${url} answered ${r.status}`);
              return r.text();
            });
            if (this.styles.size > 200) this.styles.clear();
            this.styles.set(url, css);
            css.catch(() => this.styles.delete(url));
          }
          return css;
        }),
      );
    } catch {
      return null;
    }
  }

  /** Where the browser should fetch a remote's route table early (entry and chunks) and its stylesheets. */
  routeAssets(remote: ResolvedRemote): { css: string[]; js: string[] } {
    const routes = remote.manifest.exposes?.find((e) => e.name === "routes");
    const at = (file: string) =>
      /^https?:\/\//i.test(remote.browserBase)
        ? new URL(file, remote.browserBase).href
        : `${remote.browserBase}${file}`;
    const entry = remote.manifest.metaData?.remoteEntry;
    const entryFile = `${entry?.path ?? ""}${entry?.name ?? "remoteEntry.js"}`;
    return {
      css: [...(routes?.assets?.css?.sync ?? []), ...(routes?.assets?.css?.async ?? [])].map(at),
      js: [entryFile, ...(routes?.assets?.js?.sync ?? [])].map(at),
    };
  }
}
