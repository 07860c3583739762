import { type ComponentType, type ReactElement, StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot, type RootOptions } from "react-dom/client";
import {
  ISLAND_ATTRIBUTES,
  ISLAND_PROPS_SCRIPT,
  type IslandHydration,
  isIslandComponent,
  PeerModuleInBrowser,
} from "remote-kit";
import { FRAGMENT_ELEMENT, type SubmittedForm } from "remote-kit/protocol";
import type { RemoteName } from "shared-types";
import { loadRemoteModule, RemoteUnavailableError } from "../features/remotes/api/remote-registry";
import { REGION_MODE_ATTRIBUTE } from "../features/remotes/components/region-mode";

// what renders a region in the browser (the router with it) is needed only when the server could not compose it
const regionRenderers = () => import("../features/remotes/components/browser-region");

/** The host's own islands, from its own build (no federation runtime needed for them). */
const HOST_ISLANDS: Record<string, () => Promise<{ default: unknown }>> = {
  "host/nav": () => import("../features/shell/components/top-nav"),
  "host/map": () => import("../features/home/components/map-placeholder"),
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
  // no time limit: the island's server HTML works meanwhile, and it becomes interactive whenever its code arrives
  const module = id.startsWith("host/")
    ? await HOST_ISLANDS[id]?.()
    : await loadRemoteModule<{ default?: unknown }>(id, { timeoutMs: Number.POSITIVE_INFINITY });
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

/**
 * An island's props: from the JSON script element the server wrote as its last child (taken out, so that the
 * island's content is what React hydrates).
 */
function islandProps(element: Element): object {
  const script = element.lastElementChild;
  if (script?.localName !== "script" || !script.hasAttribute(ISLAND_PROPS_SCRIPT)) return {};
  script.remove();
  try {
    return JSON.parse(script.textContent ?? "") as object;
  } catch {
    return {};
  }
}

interface Work {
  priority: IslandHydration;
  /** Resolves once the code has arrived, to what makes the part interactive; null when it cannot be had. */
  ready: Promise<(() => Promise<void>) | null>;
}

/** Marks a part whose code could not be had: its server HTML stays, and keeps working (links, forms). */
function unavailable(element: Element) {
  return (error: unknown) => {
    element.setAttribute(ISLAND_ATTRIBUTES.state, "failed");
    quietly(error);
    return null;
  };
}

/** An island: its code loads at once (in parallel with the others, for as long as it takes), then it hydrates. */
function islandWork(element: Element): Work {
  const id = element.getAttribute(ISLAND_ATTRIBUTES.id) ?? "";
  const priority = (element.getAttribute(ISLAND_ATTRIBUTES.hydrate) ?? "load") as IslandHydration;
  return {
    priority,
    ready: loadIsland(id).then((island) => {
      const props = islandProps(element);
      const form = readJson<SubmittedForm | null>(element, ISLAND_ATTRIBUTES.form, null);
      return () => hydrateQuietly(element, island.tree(props, form));
    }, unavailable(element)),
  };
}

/** Renders what the server could not into its element, as a root of its own (nothing there to hydrate). */
function renderInto(element: Element, tree: ReactElement): () => Promise<void> {
  return async () =>
    createRoot(element, rootOptions).render(
      <StrictMode>
        <Committed element={element}>{tree}</Committed>
      </StrictMode>,
    );
}

/**
 * A peer's module the server could not put in the page (its slot still holds the consumer's fallback): the browser
 * loads it and renders it there. The fallback stays meanwhile, and if the module cannot be had.
 */
function unfilledFragmentWork(element: Element): Work {
  const id = element.getAttribute("data-peer") ?? "";
  const props = readJson<object>(element, "data-props", {});
  const kept = (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the consumer's own server HTML, as it was in the page
    <div className="fleet-peer-fallback" dangerouslySetInnerHTML={{ __html: element.innerHTML }} />
  );
  const retryable = (retry: () => void) => (
    <>
      {kept}
      <button type="button" className="fleet-peer-form__retry" onClick={retry}>
        Try the form again
      </button>
    </>
  );
  const tree = <PeerModuleInBrowser id={id} props={props} placeholder={kept} unavailable={retryable} />;
  return { priority: "form", ready: Promise.resolve(renderInto(element, tree)) };
}

/** The region, when the server could not compose it: the browser renders it. */
function regionWork(region: HTMLElement): Work | null {
  const name = region.dataset.remote as RemoteName | undefined;
  if (!name || region.getAttribute(REGION_MODE_ATTRIBUTE) !== "browser") return null;
  return {
    priority: "form",
    ready: regionRenderers().then(
      ({ BrowserRegion }) => renderInto(region, <BrowserRegion name={name} />),
      unavailable(region),
    ),
  };
}

/** How long the other islands wait for the forms' code before they go ahead without it. */
const FORMS_FIRST_MS = 3000;

/** One root at a time, each in its own task: the browser paints and answers input between them. */
let queue = Promise.resolve();
function inTurn(hydrate: () => Promise<void>): Promise<void> {
  queue = queue.then(async () => {
    await yieldToMain();
    await hydrate();
  });
  return queue;
}

/** The parts of the page no island holds: done once, with the first islands the page asks for. */
let pageParts: Work[] | null = null;

function partsOfPage(root: ParentNode): Work[] {
  const work: Work[] = [];
  const region = root.querySelector<HTMLElement>(`[${REGION_MODE_ATTRIBUTE}]`);
  const regionTask = region ? regionWork(region) : null;
  if (regionTask) work.push(regionTask);
  // a slot the server filled has lost its markers (a fragment may be plain HTML, with no island in it); one it could
  // not fill still holds them around the consumer's fallback
  for (const element of root.querySelectorAll(FRAGMENT_ELEMENT)) {
    if (element.querySelector("template[data-fleet-slot]")) work.push(unfilledFragmentWork(element));
  }
  return work;
}

/**
 * Makes the given islands interactive, each as its own root, as soon as its code has arrived (however late), one
 * after another with the browser free to paint and respond between them, the forms first; and, the first time,
 * renders what the server could not (a region, a peer's module). The server HTML around them is never hydrated,
 * and an island whose code fails keeps its server HTML. The page's inline script decides when each island is
 * needed (server/boot-script.ts).
 */
export async function hydrateIslands(islands: readonly Element[], root: ParentNode = document): Promise<void> {
  const work: Work[] = [];
  if (!pageParts) {
    pageParts = partsOfPage(root);
    work.push(...pageParts);
  }
  // every island is its own root; one inside another's HTML is a peer's fragment, which the outer one keeps as is
  for (const element of islands) {
    if (element.hasAttribute(ISLAND_ATTRIBUTES.state)) continue;
    element.setAttribute(ISLAND_ATTRIBUTES.state, "loading");
    work.push(islandWork(element));
  }
  const forms = Promise.allSettled(work.filter((w) => w.priority === "form").map((w) => w.ready));
  const formsFirst = Promise.race([forms, new Promise((resolve) => setTimeout(resolve, FORMS_FIRST_MS))]);
  await Promise.all(
    work.map(async ({ priority, ready }) => {
      const hydrate = await ready;
      if (!hydrate) return;
      if (priority !== "form") await formsFirst;
      await inTurn(hydrate);
    }),
  );
}

/** For tests: the page's own parts are looked for again. */
export function forgetPage(): void {
  pageParts = null;
}
