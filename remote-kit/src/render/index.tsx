import { AsyncLocalStorage } from "node:async_hooks";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { matchRoutes, StaticRouter } from "react-router-dom";
import type { RemoteName } from "shared-types";
import { fetchPeerData, setPeerDataResolver } from "../peers.js";
import { type RenderRequest, type RenderResult, type SitemapEntry, takeLeadingLinks } from "../protocol.js";
import { isLazyPage, type LoaderContext, type RemoteRoute } from "../remote-routes.js";
import { ServerRenderContext, type ServerRenderState } from "../server-state.js";

/** What a remote's server entry (src/server-entry.tsx, built by Vite as a plain SSR bundle) exports by default. */
export interface RemoteRenderModule {
  render(request: RenderRequest): Promise<RenderResult>;
  sitemap(): Promise<SitemapEntry[]>;
  /** Data published for peers: written to dist/data/{name}.json at build time. */
  publishedData: Record<string, unknown>;
  /** Called once by the remote's server: where the dealer API is, for the loaders' requests. */
  configure(options: { apiOrigin: string }): void;
  /** Loads every page's code, so the first visitor's render is not the one that pays for it. */
  warmUp(): Promise<void>;
}

export interface RemoteRendererOptions {
  remote: RemoteName;
  routes: readonly RemoteRoute[];
  /** The routes module's default export: exactly what the host renders in the browser. */
  App: ComponentType;
  sitemap?: () => Promise<SitemapEntry[]>;
  publishedData?: Record<string, unknown>;
  configure?: (options: { apiOrigin: string }) => void;
}

/** The render request a loader runs for, so peer data is looked up where this host says the peers are. */
const currentRequest = new AsyncLocalStorage<RenderRequest>();

setPeerDataResolver((remote, name) => {
  const manifest = currentRequest.getStore()?.peers[remote];
  if (!manifest) return Promise.reject(new Error(`the render request names no address for ${remote}`));
  return fetchPeerData(manifest, name);
});

export class RouteNotOwnedError extends Error {}

export function createRemoteRenderer(options: RemoteRendererOptions): RemoteRenderModule {
  const { remote, routes, App } = options;
  const patterns = routes.map((route) => ({ path: route.path }));

  async function render(request: RenderRequest): Promise<RenderResult> {
    const url = new URL(request.path, "http://remote.invalid");
    const location = `${url.pathname}${url.search}`;
    const match = matchRoutes(patterns, url.pathname)?.at(-1);
    const route = match ? routes.find((r) => r.path === match.route.path) : undefined;
    if (!match || !route) throw new RouteNotOwnedError(`${remote} owns no route for ${url.pathname}`);

    const state: ServerRenderState = {
      remote,
      site: request.site,
      remoteBase: request.remoteBase,
      entries: new Map(),
      head: null,
      status: 200,
      redirect: null,
    };
    const pending: Promise<unknown>[] = [];
    const context: LoaderContext = {
      params: match.params,
      searchParams: url.searchParams,
      preload(resource, ...args) {
        const loading = resource.load(...args).then((value) => {
          state.entries.set(resource.key(...args), value);
          return value;
        });
        pending.push(loading.catch(() => undefined));
        return loading;
      },
      value(key, create) {
        if (!state.entries.has(key)) state.entries.set(key, create());
        return state.entries.get(key) as never;
      },
    };
    await currentRequest.run(request, async () => {
      await Promise.all([route.load?.(context), isLazyPage(route.element) ? route.element.preload() : undefined]);
      await Promise.all(pending);
    });

    const rendered = renderToString(
      <ServerRenderContext.Provider value={state}>
        <StaticRouter location={location}>
          <App />
        </StaticRouter>
      </ServerRenderContext.Provider>,
    );
    const { links, html } = takeLeadingLinks(rendered);
    const data = { path: location, entries: Object.fromEntries(state.entries) };
    const head = state.head ?? { title: request.site.business.name };
    if (state.redirect) {
      return { status: state.redirect.status, location: state.redirect.location, html: "", head, data, links: [] };
    }
    return { status: state.status, html, head, data, links };
  }

  return {
    render,
    sitemap: options.sitemap ?? (async () => []),
    publishedData: options.publishedData ?? {},
    configure: options.configure ?? (() => {}),
    warmUp: async () => {
      await Promise.all(routes.map((route) => (isLazyPage(route.element) ? route.element.preload() : undefined)));
    },
  };
}
