import { type ComponentType, type ReactElement, StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot, type RootOptions } from "react-dom/client";
import {
  FRAGMENT_ELEMENT,
  ISLAND_ATTRIBUTES,
  ISLAND_ELEMENT,
  type IslandHydration,
  isIslandComponent,
  PeerModuleInBrowser,
  type SubmittedForm,
} from "remote-kit";
import type { RemoteName } from "shared-types";
import { loadRemoteModule, loadRemoteRoutes, RemoteUnavailableError } from "../remotes/api/remote-registry";
import { REGION_MODE_ATTRIBUTE, type RegionMode } from "../remotes/components/region-mode";

// what renders a region in the browser (the router with it) is needed only when the server could not compose it
const regionRenderers = () => import("../remotes/components/browser-region");

/** The host's own islands, from its own build (no federation runtime needed for them). */
const HOST_ISLANDS: Record<string, () => Promise<{ default: unknown }>> = {
  "host/nav": () => import("../shell/components/top-nav"),
  "host/map": () => import("../home/components/map-placeholder"),
};

const quietly = (error: unknown) =>
  console.warn("A part of the site failed to load:", (error as Error)?.message ?? error);

const rootOptions: RootOptions = {
  // a remote's failure is caught by its boundary and shown; say so quietly instead of as an error
  onCaughtError: quietly,
  // a remote whose code failed while React was adopting its server HTML is quiet too; any other recoverable error
  // (a hydration mismatch above all) stays loud
  onRecoverableError: (error) => {
    const cause = (error as Error)?.cause;
    if (error instanceof RemoteUnavailableError || cause instanceof RemoteUnavailableError) return quietly(cause);
    reportError(error);
  },
};

/** Lets the browser paint and handle input between two pieces of work. */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Tells the element (and tests, and monitoring) that the root inside it has committed. */
function Committed({
  element,
  onCommit,
  children,
}: {
  element: Element;
  onCommit?: () => void;
  children: ReactElement;
}) {
  useEffect(() => {
    element.setAttribute(ISLAND_ATTRIBUTES.state, "hydrated");
    onCommit?.();
  }, [element, onCommit]);
  return children;
}

/**
 * Hydrates a root without holding the main thread: as a transition, React renders it in slices of a few
 * milliseconds and yields to the browser between them, so a visitor's tap is never kept waiting by it.
 */
function hydrateQuietly(element: Element, tree: ReactElement): Promise<void> {
  return new Promise((resolve) => {
    // the next island need not wait for one that never commits
    setTimeout(resolve, 10_000);
    startTransition(() => {
      hydrateRoot(
        element,
        <StrictMode>
          <Committed element={element} onCommit={resolve}>
            {tree}
          </Committed>
        </StrictMode>,
        rootOptions,
      );
    });
  });
}

interface IslandModule {
  tree(props: object, form: SubmittedForm | null): ReactElement;
}

async function loadIsland(id: string): Promise<IslandModule> {
  const module = id.startsWith("host/")
    ? await HOST_ISLANDS[id]?.()
    : await loadRemoteModule<{ default?: unknown }>(id);
  const exported = module?.default;
  if (isIslandComponent(exported)) return { tree: (props, form) => exported.hydrationTree(props, form) };
  // a module of a remote that has no island wrapper: its component alone
  if (typeof exported === "function") {
    const Component = exported as ComponentType<object>;
    return { tree: (props) => <Component {...props} /> };
  }
  throw new Error(`${id} is not an island`);
}

function readJson<T>(element: Element, attribute: string, fallback: T): T {
  const text = element.getAttribute(attribute);
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

interface Work {
  priority: IslandHydration;
  run(): Promise<void>;
}

/** An island: its code loads at once (in parallel with the others), it hydrates when its turn comes. */
function islandWork(element: Element): Work {
  const id = element.getAttribute(ISLAND_ATTRIBUTES.id) ?? "";
  const priority = (element.getAttribute(ISLAND_ATTRIBUTES.hydrate) ?? "load") as IslandHydration;
  const loading = loadIsland(id);
  loading.catch(() => undefined);
  return {
    priority,
    async run() {
      try {
        const island = await loading;
        const props = readJson<object>(element, ISLAND_ATTRIBUTES.props, {});
        const form = readJson<SubmittedForm | null>(element, ISLAND_ATTRIBUTES.form, null);
        await hydrateQuietly(element, island.tree(props, form));
      } catch (error) {
        // the server's HTML stays, and keeps working (links, forms that post without scripts)
        element.setAttribute(ISLAND_ATTRIBUTES.state, "failed");
        quietly(error);
      }
    },
  };
}

/**
 * A peer's module the server could not put in the page (its slot still holds the consumer's fallback): the browser
 * loads it and renders it there. The fallback stays meanwhile, and if the module cannot be had.
 */
function unfilledFragmentWork(element: Element): Work {
  const id = element.getAttribute("data-peer") ?? "";
  const props = readJson<object>(element, "data-props", {});
  const fallback = element.innerHTML;
  const kept = (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the consumer's own server HTML, as it was in the page
    <div className="fleet-peer-fallback" dangerouslySetInnerHTML={{ __html: fallback }} />
  );
  return {
    priority: "form",
    async run() {
      // a peer's module of the previous release may still link with the router: it gets one that loads pages
      const { DocumentRouter } = await regionRenderers();
      createRoot(element, rootOptions).render(
        <StrictMode>
          <Committed element={element}>
            <DocumentRouter>
              <PeerModuleInBrowser
                id={id}
                props={props}
                placeholder={kept}
                unavailable={(retry) => (
                  <>
                    {kept}
                    <button type="button" className="fleet-peer-form__retry" onClick={retry}>
                      Try the form again
                    </button>
                  </>
                )}
              />
            </DocumentRouter>
          </Committed>
        </StrictMode>,
      );
    },
  };
}

/** The region, when the server did not compose it as islands: rendered here, or hydrated whole (previous protocol). */
function regionWork(region: HTMLElement): Work | null {
  const name = region.dataset.remote as RemoteName | undefined;
  const mode = region.getAttribute(REGION_MODE_ATTRIBUTE) as RegionMode | null;
  if (!name || mode === "islands" || !mode) return null;
  if (mode === "browser") {
    return {
      priority: "form",
      async run() {
        const { BrowserRegion } = await regionRenderers();
        createRoot(region, rootOptions).render(
          <StrictMode>
            <Committed element={region}>
              <BrowserRegion name={name} />
            </Committed>
          </StrictMode>,
        );
      },
    };
  }
  const loading = loadRemoteRoutes(name);
  loading.catch(() => undefined);
  return {
    priority: "form",
    async run() {
      try {
        const [routes, { LegacyRegion }] = await Promise.all([loading, regionRenderers()]);
        await hydrateQuietly(region, <LegacyRegion Routes={routes.default} />);
      } catch (error) {
        region.setAttribute(ISLAND_ATTRIBUTES.state, "failed");
        quietly(error);
      }
    },
  };
}

const whenIdle = () =>
  new Promise<void>((resolve) => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });

/**
 * Makes the page's interactive parts interactive, and nothing else: every island in the page, each as its own
 * root, the forms first, one after another with the browser free to paint and respond between them. The server
 * HTML around them is never hydrated, and an island whose code fails keeps its server HTML.
 */
export async function hydrateIslands(root: ParentNode = document): Promise<void> {
  const work: Work[] = [];
  const region = root.querySelector<HTMLElement>(`[${REGION_MODE_ATTRIBUTE}]`);
  const regionTask = region ? regionWork(region) : null;
  if (regionTask) work.push(regionTask);
  // every island is its own root; one inside another's HTML is a peer's fragment, which the outer one keeps as is
  for (const element of root.querySelectorAll(`${ISLAND_ELEMENT}[${ISLAND_ATTRIBUTES.id}]`)) {
    work.push(islandWork(element));
  }
  for (const element of root.querySelectorAll(FRAGMENT_ELEMENT)) {
    if (!element.querySelector(ISLAND_ELEMENT)) work.push(unfilledFragmentWork(element));
  }
  for (const priority of ["form", "load", "idle"] as const) {
    for (const task of work.filter((w) => w.priority === priority)) {
      if (priority === "idle") await whenIdle();
      else await yieldToMain();
      await task.run();
    }
  }
}
