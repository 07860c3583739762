import { AsyncLocalStorage } from "node:async_hooks";
import { setTimeout as sleep } from "node:timers/promises";
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

/** How a renderer reads a peer's manifest and data: only from the origins its server was configured with. */
type ReadPeerJson = (url: string) => Promise<unknown>;

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
const OPTIONAL_DATA_WAIT_MS = 60;

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

/** A refusal carries its code (RENDERER_REFUSALS), which the remote's server answers 404 for. */
const refusal = (code: string, message: string) => Object.assign(new Error(message), { code });

/** What a remote's submitForm throws for a form that is not its own. */
export class FormNotOwnedError extends Error {
  readonly code = RENDERER_REFUSALS.form;
}

/**
 * A render's loads: the context its loaders use, which records what they load into the state's entries and cache
 * tags, and `done`, which waits for what the render needs, then for its extras only briefly (optional data never
 * holds a page).
 */
function loads(state: ServerRenderState): { context: FragmentLoaderContext; done: () => Promise<void> } {
  const needed: Promise<unknown>[] = [];
  const optional: Promise<unknown>[] = [];
  let optionalOpen = true;
  // one request per resource and arguments in a render, however many loaders ask (a page that first treats a
  // resource as optional, then finds it needs it, waits for the same request)
  const started = new Map<string, Promise<unknown>>();
  /** Leaves in the page, while `keeping`, the value when it came, and the tags the page is purged by either way. */
  const load = <A extends unknown[], T>(resource: Resource<A, T>, args: A, keeping: () => boolean): Promise<T> => {
    const key = resource.key(...args);
    if (!started.has(key)) started.set(key, resource.load(...args));
    const keep = (loaded?: { value: T }) => {
      if (!keeping()) return;
      if (loaded) state.entries.set(key, loaded.value);
      for (const tag of resource.cacheTags?.(loaded?.value, ...args) ?? []) state.cacheTags.add(tag);
    };
    return (started.get(key) as Promise<T>).then(
      (value) => {
        keep({ value });
        return value;
      },
      (error: unknown) => {
        keep();
        throw error;
      },
    );
  };
  const context: FragmentLoaderContext = {
    preload(resource, ...args) {
      const loading = load(resource, args, () => true);
      needed.push(loading.catch(() => undefined));
      return loading;
    },
    preloadOptional(resource, ...args) {
      // in time for the page, or not in it at all (the HTML and the data handed over must agree)
      optional.push(load(resource, args, () => optionalOpen).catch(() => undefined));
    },
    value(key, create) {
      if (!state.entries.has(key)) state.entries.set(key, create());
      return state.entries.get(key) as never;
    },
  };
  const done = async () => {
    await Promise.all(needed);
    if (optional.length > 0) await Promise.race([Promise.all(optional), sleep(OPTIONAL_DATA_WAIT_MS)]);
    optionalOpen = false;
  };
  return { context, done };
}

/**
 * The render being served: what a team's API client (remote-kit/api-client) reads to make that render's client, and
 * what its loaders read peers' data with: where this host says the peers are, how this renderer may read them (only
 * from the origins its server was configured with), and the tags of the page the data goes into.
 */
const currentRender = new AsyncLocalStorage<
  RenderScope & { readPeerJson: ReadPeerJson; peers?: RenderRequest["peers"]; cacheTags?: Set<string> }
>();
findRenderScopeWith(() => currentRender.getStore());

setPeerDataResolver((remote, name) => {
  const render = currentRender.getStore();
  const manifest = render?.peers?.[remote];
  if (!render || !manifest) return Promise.reject(new Error(`the render request names no address for ${remote}`));
  // the page shows what the peer publishes with its build: purged when the peer deploys another
  render.cacheTags?.add(CACHE_TAGS.remote(remote));
  return fetchPeerData(manifest, name, render.readPeerJson);
});

export { ServerRenderContext, type ServerRenderState };

/** The state a server render starts from (the host's shell uses it too, so its islands render as islands). */
export function serverRenderState(remote: ServerRenderState["remote"], site: SiteContext): ServerRenderState {
  return {
    remote,
    site,
    entries: new Map(),
    head: null,
    status: 200,
    redirect: null,
    fragments: [],
    cacheTags: new Set(),
    islandElement,
  };
}

/** Every route's sitemap entries: its own path (`sitemap: true`), or those its function lists. */
async function sitemapOf(routes: readonly RemoteRoute[], builtAt: string): Promise<SitemapEntry[]> {
  const listOf = async ({ path, sitemap }: RemoteRoute) => {
    if (sitemap !== true) return sitemap ? await sitemap({ builtAt }) : [];
    if (/[:*]/.test(path)) throw new Error(`${path} has parameters: its sitemap lists its pages with a function`);
    return [{ path, lastmod: builtAt }];
  };
  return (await Promise.all(routes.map(listOf))).flat();
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

/**
 * A page's or a fragment's HTML: its loaders run first (in a span of their own, which the API calls they make carry
 * to the API), then React renders it with what they loaded.
 */
async function renderWithData(
  state: ServerRenderState,
  location: string,
  peers: RenderRequest["peers"],
  load: (context: FragmentLoaderContext) => unknown,
  content: ReactNode,
) {
  Object.assign(currentRender.getStore() ?? {}, { peers, cacheTags: state.cacheTags });
  const loading = loads(state);
  const dataStarted = performance.now();
  await trace.getTracer("fleet-site").startActiveSpan("data", async (span) => {
    try {
      await load(loading.context);
      await loading.done();
    } finally {
      span.end();
    }
  });
  const reactStarted = performance.now();
  const html = renderToString(
    <ServerRenderContext.Provider value={state}>
      <SiteProvider value={state.site}>
        <StaticRouter location={location}>
          <RouteDataContext.Provider value={{ entries: state.entries }}>{content}</RouteDataContext.Provider>
        </StaticRouter>
      </SiteProvider>
    </ServerRenderContext.Provider>,
  );
  const timings = [
    { name: "data", desc: "the API and peers", dur: reactStarted - dataStarted },
    { name: "react", desc: "React on the server", dur: performance.now() - reactStarted },
  ];
  return { html, timings };
}

/** A page: its route's data loaded, then rendered with the routes module the browser has. */
async function renderPage(options: RemoteRendererOptions, request: RenderRequest): Promise<RenderResult> {
  const remote = options.declaration.name;
  const url = new URL(request.path, "http://remote.invalid");
  const patterns = options.routes.map(({ path }) => ({ path }));
  const match = matchRoutes(patterns, url.pathname)?.at(-1);
  const route = options.routes.find(({ path }) => path === match?.route.path);
  if (!match || !route) throw refusal(RENDERER_REFUSALS.route, `${remote} owns no route for ${url.pathname}`);
  const state: ServerRenderState = { ...serverRenderState(remote, request.site), form: request.form };
  const cookies = route.private ? (request.cookies ?? {}) : {};
  const { html, timings } = await renderWithData(
    state,
    `${url.pathname}${url.search}`,
    request.peers,
    (loaders) =>
      Promise.all([
        route.load?.({ params: match.params, searchParams: url.searchParams, cookies, ...loaders }),
        isLazyPage(route.element) ? route.element.preload() : undefined,
        RouteTable.preload(),
      ]),
    <options.App />,
  );
  const head = state.head ?? { title: request.site.business.name };
  if (state.redirect) return { status: state.redirect.status, location: state.redirect.location, html: "", head };
  return { status: state.status, html, head, fragments: state.fragments, cacheTags: [...state.cacheTags], timings };
}

/** One exposed module as server HTML for a peer's page (refused for any other). */
async function renderFragment(options: RemoteRendererOptions, request: FragmentRequest): Promise<FragmentResult> {
  const { declaration, fragments } = options;
  const fragment = Object.hasOwn(fragments ?? {}, request.module) ? fragments?.[request.module] : null;
  if (!fragment) {
    throw refusal(RENDERER_REFUSALS.fragment, `${declaration.name} exposes no fragment ${request.module}`);
  }
  const state: ServerRenderState = { ...serverRenderState(declaration.name, request.site), form: request.form };
  const Fragment = fragment.component;
  const { html } = await renderWithData(
    state,
    request.path,
    {},
    (loaders) => fragment.load?.(request.props, loaders),
    <Fragment {...request.props} />,
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
      currentRender.run({ apiOrigin, headers: renderHeaders, transport, readPeerJson }, () => work(...args));
  let readPeerJson: ReadPeerJson = () =>
    Promise.reject(new Error("the renderer was not configured with a way to read peers"));

  return {
    render: inScope((request: RenderRequest) => renderPage(options, request)),
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
    /** Where the dealer API is for the loaders, and how to read peers: given once by the remote's server. */
    configure: (configuration: { apiOrigin: string; readPeerJson: ReadPeerJson }) => {
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
