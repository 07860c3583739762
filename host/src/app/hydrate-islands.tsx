import { type ReactElement, StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot, type RootOptions } from "react-dom/client";
import { ISLAND_ATTRIBUTES, ISLAND_PROPS_SCRIPT, isIslandComponent, PeerModuleInBrowser } from "remote-kit";
import { FRAGMENT_ELEMENT } from "remote-kit/protocol";
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

/** Tells the element (and tests, and monitoring) that the root inside it has committed. */
function Committed({ element, onCommit, children }: { element: Element; onCommit(): void; children: ReactElement }) {
  useEffect(() => {
    element.setAttribute(ISLAND_ATTRIBUTES.state, "hydrated");
    onCommit();
  }, [element, onCommit]);
  return children;
}

/**
 * Makes the element a root of its own, and resolves once it has committed. Its server HTML is adopted (hydrated) as
 * a transition: React renders it in slices of a few milliseconds and yields to the browser between them, so a
 * visitor's tap is never kept waiting by it. What the server could not render is rendered (nothing to hydrate).
 */
function mount(element: Element, tree: ReactElement, adopt: boolean): Promise<void> {
  return new Promise((resolve) => {
    // the next island need not wait for one that never commits
    setTimeout(resolve, 10_000);
    const root = (
      <StrictMode>
        <Committed element={element} onCommit={resolve}>
          {tree}
        </Committed>
      </StrictMode>
    );
    if (adopt) startTransition(() => void hydrateRoot(element, root, rootOptions));
    else createRoot(element, rootOptions).render(root);
  });
}

/** Makes the element a root in its turn, once its tree has arrived. */
function whenArrived(element: Element, tree: Promise<ReactElement> | ReactElement, adopt = false): Promise<void> {
  return Promise.resolve(tree).then(
    (arrived) => inTurn(() => mount(element, arrived, adopt)),
    (error: unknown) => {
      // its server HTML stays, and keeps working (links, forms)
      element.setAttribute(ISLAND_ATTRIBUTES.state, "failed");
      quietly(error);
    },
  );
}

function parseJson<T>(text: string | null | undefined, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

/**
 * An island: its code loads at once (in parallel with the others, for as long as it takes: its server HTML works
 * meanwhile), then it hydrates with its props, from the JSON script element the server wrote as its last child
 * (taken out, so that the island's content is what React hydrates).
 */
async function islandTree(element: Element): Promise<ReactElement> {
  const id = element.getAttribute(ISLAND_ATTRIBUTES.id) ?? "";
  const module = id.startsWith("host/")
    ? await HOST_ISLANDS[id]?.()
    : await loadRemoteModule<{ default?: unknown }>(id, { timeoutMs: Number.POSITIVE_INFINITY });
  const island = module?.default;
  if (!isIslandComponent(island)) throw new Error(`${id} is not an island`);
  const script = element.querySelector(`:scope > script[${ISLAND_PROPS_SCRIPT}]:last-child`);
  script?.remove();
  const props = parseJson(script?.textContent, {});
  return island.hydrationTree(props, parseJson(element.getAttribute(ISLAND_ATTRIBUTES.form), null));
}

/**
 * A peer's module the server could not put in the page (its slot still holds the consumer's fallback): the browser
 * loads it and renders it there. The fallback stays meanwhile, and if the module cannot be had.
 */
function unfilledFragment(element: Element): ReactElement {
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
  const id = element.getAttribute("data-peer") ?? "";
  const props = parseJson<object>(element.getAttribute("data-props"), {});
  return <PeerModuleInBrowser id={id} props={props} placeholder={kept} unavailable={retryable} />;
}

/**
 * The parts of the page no island holds, rendered by the browser: the region, when the server could not compose
 * it; a peer's module it could not include. A slot the server filled has lost its markers (a fragment may be plain
 * HTML, with no island in it); one it could not fill still holds them around the consumer's fallback.
 */
function partsOfPage(root: ParentNode): Promise<void>[] {
  const parts: Promise<void>[] = [];
  const region = root.querySelector<HTMLElement>(`[${REGION_MODE_ATTRIBUTE}="browser"]`);
  const name = region?.dataset.remote as RemoteName | undefined;
  if (region && name) {
    const browserRegion = regionRenderers().then(({ BrowserRegion }) => <BrowserRegion name={name} />);
    parts.push(whenArrived(region, browserRegion));
  }
  for (const element of root.querySelectorAll(FRAGMENT_ELEMENT)) {
    if (element.querySelector("template[data-fleet-slot]")) parts.push(whenArrived(element, unfilledFragment(element)));
  }
  return parts;
}

/** One root at a time, each in its own task: the browser paints and answers input between them. */
let queue = Promise.resolve();
const yieldToMain = () =>
  (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.() ??
  new Promise<void>((resolve) => setTimeout(resolve));
function inTurn(start: () => Promise<void>): Promise<void> {
  queue = queue.then(yieldToMain).then(start).catch(quietly);
  return queue;
}

/** Whether the page's own parts have been looked for: once, with the first islands the page asks for. */
let pageSeen = false;

/**
 * Makes the given islands interactive, each as its own root, as soon as its code has arrived (however late), one
 * after another with the browser free to paint and respond between them; and, the first time, renders what the
 * server could not (a region, a peer's module). The server HTML around them is never hydrated, and an island whose
 * code fails keeps its server HTML. The page's inline script decides when each island is needed
 * (server/boot-script.ts): one at a time, as the visitor reaches for it.
 */
export async function hydrateIslands(islands: readonly Element[], root: ParentNode = document): Promise<void> {
  const parts = pageSeen ? [] : partsOfPage(root);
  pageSeen = true;
  // every island is its own root; one inside another's HTML is a peer's fragment, which the outer one keeps as is
  for (const element of islands) {
    if (element.hasAttribute(ISLAND_ATTRIBUTES.state)) continue;
    element.setAttribute(ISLAND_ATTRIBUTES.state, "loading");
    parts.push(whenArrived(element, islandTree(element), true));
  }
  await Promise.all(parts);
}

/** For tests: the page's own parts are looked for again. */
export function forgetPage(): void {
  pageSeen = false;
}
