import { AsyncLocalStorage } from "node:async_hooks";
import { context, propagation, trace } from "@opentelemetry/api";
import type { ComponentType, ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { matchRoutes, StaticRouter } from "react-router-dom";
import { CACHE_TAGS } from "shared-types";
import { request } from "undici";
import { ApiRefusal, findRenderScopeWith, type RenderScope, type RenderTransport } from "../api-client.js";
import { publishedDataOf, type RemoteDeclaration } from "../declaration.js";
import { fetchPeerData, setPeerDataResolver } from "../peers.js";
import {
  type FormOutcome,
  type FormPost,
  type FragmentRequest,
  type FragmentResult,
  RENDERER_REFUSALS,
  type RenderRequest,
  type RenderResult,
  type SiteContext,
  type SitemapEntry,
} from "../protocol.js";
import { isLazyPage, type LoaderContext, type RemoteRoute, RouteTable } from "../remote-routes.js";
import { type Resource, RouteDataContext } from "../route-data.js";
import { ServerRenderContext, type ServerRenderState } from "../server-state.js";
import { SiteProvider } from "../site-context.js";
import { islandElement } from "./island-element.js";

/**
 * What a remote's server entry (src/server-entry.tsx, built by Vite as a plain SSR bundle) exports by default: its
 * renders, its sitemap, and what the build writes into its manifest and data files.
 */
export type RemoteRenderModule = ReturnType<typeof createRemoteRenderer>;

/**
 * Where the dealer API is, for the loaders' requests, and how to read a peer's manifest and data (only from the
 * origins the server was configured with, within limits): given once by the remote's server.
 */
export interface RendererConfiguration {
  apiOrigin: string;
  readPeerJson: (url: string) => Promise<unknown>;
}

export interface RemoteRendererOptions {
  declaration: RemoteDeclaration;
  routes: readonly RemoteRoute[];
  /** The routes module's default export: exactly what the host renders in the browser. */
  App: ComponentType;
  /** When this build was made: the sitemap's lastmod of pages whose content ships with the build. */
  builtAt: string;
  /** The data it publishes, one value for each name its declaration gives. */
  publishedData?: Record<string, unknown>;
  /** Each fragment its declaration names: the component, and what it loads first. */
  fragments?: Record<string, FragmentModule>;
  /** Takes this remote's forms sent without scripts (FORM_FIELD "<remote>:..."). */
  submitForm?: (post: FormPost) => Promise<FormOutcome>;
}

/** What a fragment's loader may do before it renders: load the data it shows (its props are the rest). */
export type FragmentLoaderContext = Pick<LoaderContext, "preload" | "preloadOptional" | "value">;

/** How long, once a page's own data is in, its optional extras may still hold it (LoaderContext.preloadOptional). */
export const OPTIONAL_DATA_WAIT_MS = 60;

/** How long a render waits for one API answer (as the teams' own clients do). */
const API_TIMEOUT_MS = 10_000;

/** The render's reads of the API on undici's request (remote-kit/api-client RenderTransport). */
function apiTransport(apiOrigin: () => string): RenderTransport {
  return {
    async get(path) {
      const answer = await request(`${apiOrigin()}${path}`, {
        headers: { accept: "application/json", ...renderHeaders() },
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
      if (answer.statusCode < 200 || answer.statusCode > 299) {
        await answer.body.dump();
        throw new ApiRefusal({ status: answer.statusCode }, `GET ${path} answered ${answer.statusCode}`);
      }
      return { data: await answer.body.json() };
    },
  };
}

/**
 * What every API call of a render sends: the render's trace (`traceparent`, when the process traces), and that its
 * answer need not be compressed (the API is on the server's own network: compressing costs both ends, saves nothing).
 */
function renderHeaders(): Record<string, string> {
  const carrier: Record<string, string> = { "accept-encoding": "identity" };
  propagation.inject(context.active(), carrier);
  return carrier;
}

export interface FragmentModule {
  // biome-ignore lint/suspicious/noExplicitAny: each fragment checks its own props (its provider's contract)
  component: ComponentType<any>;
  load?: (props: Record<string, unknown>, context: FragmentLoaderContext) => Promise<void> | void;
}

export class FragmentNotExposedError extends Error {
  readonly code = RENDERER_REFUSALS.fragment;
}
export class FormNotOwnedError extends Error {
  readonly code = RENDERER_REFUSALS.form;
}

/**
 * A render's loads: the context its loaders use, which records what they load into the state's entries and cache
 * tags, and `done`, which waits for what the render needs, then for its extras only briefly (optional data never
 * holds a page).
 */
function loads(state: ServerRenderState): { context: FragmentLoaderContext; done: () => Promise<void> } {
  const pending: Promise<unknown>[] = [];
  const optional = { loads: [] as Promise<unknown>[], open: true };
  /** What a load leaves in the page: its value when it came, and the tags the page is purged by either way. */
  const keep = <A extends unknown[], T>(resource: Resource<A, T>, args: A, loaded?: { value: T }) => {
    if (loaded) state.entries.set(resource.key(...args), loaded.value);
    for (const tag of resource.cacheTags?.(loaded?.value, ...args) ?? []) state.cacheTags.add(tag);
  };
  // one request per resource and arguments in a render, however many loaders ask (a page that first treats a
  // resource as optional, then finds it needs it, waits for the same request)
  const started = new Map<string, Promise<unknown>>();
  const load = <A extends unknown[], T>(resource: Resource<A, T>, args: A): Promise<T> => {
    const key = resource.key(...args);
    let loading = started.get(key) as Promise<T> | undefined;
    if (!loading) {
      loading = resource.load(...args);
      started.set(key, loading);
    }
    return loading;
  };
  const context: FragmentLoaderContext = {
    preload(resource, ...args) {
      const loading = load(resource, args).then(
        (value) => {
          keep(resource, args, { value });
          return value;
        },
        (error: unknown) => {
          keep(resource, args);
          throw error;
        },
      );
      pending.push(loading.catch(() => undefined));
      return loading;
    },
    preloadOptional(resource, ...args) {
      // in time for the page, or not in it at all (the HTML and the data handed over must agree)
      const loading = load(resource, args).then(
        (value) => optional.open && keep(resource, args, { value }),
        () => optional.open && keep(resource, args),
      );
      optional.loads.push(loading);
    },
    value(key, create) {
      if (!state.entries.has(key)) state.entries.set(key, create());
      return state.entries.get(key) as never;
    },
  };
  const done = async () => {
    await Promise.all(pending);
    if (optional.loads.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(optional.loads),
        new Promise((resolve) => {
          timer = setTimeout(resolve, OPTIONAL_DATA_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
    }
    optional.open = false;
  };
  return { context, done };
}

/**
 * The render a loader runs for: where this host says the peers are, and how this renderer may read them (set by
 * its own server's configure: only from the origins that server was configured with).
 */
const currentRender = new AsyncLocalStorage<{
  peers: RenderRequest["peers"];
  readPeerJson: RendererConfiguration["readPeerJson"];
  cacheTags: Set<string>;
}>();

setPeerDataResolver((remote, name) => {
  const render = currentRender.getStore();
  const manifest = render?.peers[remote];
  if (!render || !manifest) return Promise.reject(new Error(`the render request names no address for ${remote}`));
  // the page shows what the peer publishes with its build: purged when the peer deploys another
  render.cacheTags.add(CACHE_TAGS.remote(remote));
  return fetchPeerData(manifest, name, render.readPeerJson);
});

export class RouteNotOwnedError extends Error {
  readonly code = RENDERER_REFUSALS.route;
}

export { ServerRenderContext, type ServerRenderState };

/** The state a server render starts from (the host's shell uses it too, so its islands render as islands). */
export function serverRenderState(remote: ServerRenderState["remote"], site: SiteContext): ServerRenderState {
  return {
    remote,
    site,
    remoteBase: "",
    entries: new Map(),
    head: null,
    status: 200,
    redirect: null,
    fragments: [],
    cacheTags: new Set(),
    islandElement,
  };
}

/** The render being served: what a team's API client (remote-kit/api-client) reads to make that render's client. */
const renderScope = new AsyncLocalStorage<RenderScope>();
findRenderScopeWith(() => renderScope.getStore());

/** Every route's sitemap entries: its own path (`sitemap: true`), or those its function lists. */
async function sitemapOf(routes: readonly RemoteRoute[], builtAt: string): Promise<SitemapEntry[]> {
  const lists = await Promise.all(
    routes.map(async (route) => {
      if (route.sitemap === true) {
        if (route.path.includes(":") || route.path.includes("*"))
          throw new Error(`${route.path} has parameters: its sitemap lists its pages with a function`);
        return [{ path: route.path, lastmod: builtAt }];
      }
      return route.sitemap ? await route.sitemap({ builtAt }) : [];
    }),
  );
  return lists.flat();
}

/** What the declaration promises is what the build has: a name in one and not the other fails the build. */
function checkGiven(remote: string, kind: string, declared: readonly string[], given: readonly string[]): void {
  const missing = declared.filter((name) => !given.includes(name));
  const extra = given.filter((name) => !declared.includes(name));
  if (missing.length > 0 || extra.length > 0)
    throw new Error(
      `${remote}'s ${kind}: declared but not given [${missing.join(", ")}]; given but not declared [${extra.join(", ")}]`,
    );
}

function renderInPage(state: ServerRenderState, location: string, content: ReactNode): string {
  return renderToString(
    <ServerRenderContext.Provider value={state}>
      <SiteProvider value={state.site}>
        <StaticRouter location={location}>{content}</StaticRouter>
      </SiteProvider>
    </ServerRenderContext.Provider>,
  );
}

/** A page: its route's data loaded, then rendered with the routes module the browser has. */
async function renderPage(
  options: RemoteRendererOptions,
  readPeerJson: RendererConfiguration["readPeerJson"],
  request: RenderRequest,
): Promise<RenderResult> {
  const remote = options.declaration.name;
  const url = new URL(request.path, "http://remote.invalid");
  const location = `${url.pathname}${url.search}`;
  const patterns = options.routes.map(({ path }) => ({ path }));
  const match = matchRoutes(patterns, url.pathname)?.at(-1);
  const route = options.routes.find((r) => r.path === match?.route.path);
  if (!match || !route) throw new RouteNotOwnedError(`${remote} owns no route for ${url.pathname}`);

  const state = { ...serverRenderState(remote, request.site), remoteBase: request.remoteBase, form: request.form };
  const loading = loads(state);
  const context: LoaderContext = {
    params: match.params,
    searchParams: url.searchParams,
    cookies: route.private ? (request.cookies ?? {}) : {},
    ...loading.context,
  };
  const dataStarted = performance.now();
  // a span of its own: the API calls the loaders make carry it to the API (traceparent)
  await trace.getTracer("fleet-site").startActiveSpan("data", async (span) => {
    const render = { peers: request.peers, readPeerJson, cacheTags: state.cacheTags };
    await currentRender
      .run(render, async () => {
        await Promise.all([
          route.load?.(context),
          isLazyPage(route.element) ? route.element.preload() : undefined,
          RouteTable.preload(),
        ]);
        await loading.done();
      })
      .finally(() => span.end());
  });

  const reactStarted = performance.now();
  // React's resource hints (an image's preload) lead the HTML: the host takes them into the head
  const html = renderInPage(state, location, <options.App />);
  const timings = [
    { name: "data", desc: "the API and peers", dur: reactStarted - dataStarted },
    { name: "react", desc: "React on the server", dur: performance.now() - reactStarted },
  ];
  const head = state.head ?? { title: request.site.business.name };
  if (state.redirect) return { status: state.redirect.status, location: state.redirect.location, html: "", head };
  return { status: state.status, html, head, fragments: state.fragments, cacheTags: [...state.cacheTags], timings };
}

/** One exposed module as server HTML for a peer's page (FragmentNotExposedError for any other). */
async function renderFragment(options: RemoteRendererOptions, request: FragmentRequest): Promise<FragmentResult> {
  const { declaration, fragments } = options;
  const fragment = Object.hasOwn(fragments ?? {}, request.module) ? fragments?.[request.module] : null;
  if (!fragment) throw new FragmentNotExposedError(`${declaration.name} exposes no fragment ${request.module}`);
  const state: ServerRenderState = { ...serverRenderState(declaration.name, request.site), form: request.form };
  const loading = loads(state);
  await fragment.load?.(request.props, loading.context);
  await loading.done();
  const Fragment = fragment.component;
  const html = renderInPage(
    state,
    request.path,
    <RouteDataContext.Provider value={{ entries: state.entries }}>
      <Fragment {...request.props} />
    </RouteDataContext.Provider>,
  );
  const takesFromPage = declaration.fragments?.[request.module as `./${string}`]?.takesFromPage;
  return {
    html,
    cacheTags: [...state.cacheTags],
    // a form sent back is one visitor's: anything else is the same for these props on every page
    reusable: !request.form,
    ...(takesFromPage?.length ? { takesFromPage: [...takesFromPage] } : {}),
  };
}

export function createRemoteRenderer(options: RemoteRendererOptions) {
  const { routes, declaration } = options;
  const remote = declaration.name;
  checkGiven(remote, "fragments", Object.keys(declaration.fragments ?? {}), Object.keys(options.fragments ?? {}));
  checkGiven(remote, "published data", publishedDataOf(declaration), Object.keys(options.publishedData ?? {}));
  let apiOrigin = "";
  const transport = apiTransport(() => apiOrigin);
  /** Runs one render, fragment or form with its own scope: its API clients are its own. */
  const inScope =
    <A extends unknown[], T>(work: (...args: A) => Promise<T>) =>
    (...args: A) =>
      renderScope.run({ apiOrigin, headers: renderHeaders, transport }, () => work(...args));
  let readPeerJson: RendererConfiguration["readPeerJson"] = () =>
    Promise.reject(new Error("the renderer was not configured with a way to read peers"));

  return {
    render: inScope((request: RenderRequest) => renderPage(options, readPeerJson, request)),
    renderFragment: inScope((request: FragmentRequest) => renderFragment(options, request)),
    /** A form of this remote sent without scripts; rejects with FormNotOwnedError for one it does not own. */
    submitForm: inScope(async (post: FormPost) => {
      if (!options.submitForm) throw new FormNotOwnedError(`${remote} takes no forms`);
      return options.submitForm(post);
    }),
    sitemap: inScope(() => sitemapOf(routes, options.builtAt)),
    /** Data published for peers: written to dist/data/{name}.json at build time. */
    publishedData: options.publishedData ?? {},
    /** Written into its manifest at build time (metaData.server.routes and .pages). */
    routePatterns: routes.map((route) => route.path),
    pageDeclarations: routes.map((route) => ({
      path: route.path,
      query: [...(route.query ?? [])],
      ...(route.private ? { private: true } : {}),
    })),
    configure: (configuration: RendererConfiguration) => {
      readPeerJson = configuration.readPeerJson;
      apiOrigin = configuration.apiOrigin;
    },
    /** Loads every page's code, so the first visitor's render is not the one that pays for it. */
    warmUp: async () => {
      await Promise.all([
        RouteTable.preload(),
        ...routes.map((route) => (isLazyPage(route.element) ? route.element.preload() : undefined)),
      ]);
    },
  };
}
