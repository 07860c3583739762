import { type ReactElement, StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot, type RootOptions } from "react-dom/client";
import { ISLAND_ATTRIBUTES, ISLAND_PROPS_SCRIPT, isIslandComponent, PeerModuleInBrowser } from "remote-kit";
import { FRAGMENT_ELEMENT } from "remote-kit/protocol";
import type { RemoteName } from "shared-types";
import { loadRemoteModule, RemoteUnavailableError } from "../features/remotes/api/remote-registry";
import { REGION_MODE_ATTRIBUTE } from "../features/remotes/components/region-mode";

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

/** One root at a time, each in its own task: the browser paints and answers input between them. */
let queue = Promise.resolve();
const yieldToMain = () =>
  (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.() ??
  new Promise<void>((resolve) => setTimeout(resolve));

/**
 * Makes the element a root of its own in its turn, and resolves once it has committed. Its server HTML is adopted
 * (hydrated) as a transition: React renders it in slices of a few milliseconds and yields to the browser between
 * them, so a visitor's tap is never kept waiting by it. What the server could not render is rendered.
 */
function mount(element: Element, tree: ReactElement, adopt: boolean): Promise<void> {
  const committed = () =>
    new Promise<void>((resolve) => {
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
  queue = queue.then(yieldToMain).then(committed).catch(quietly);
  return queue;
}

/**
 * An island: its code loads for as long as it takes (its server HTML works meanwhile), then it hydrates with its
 * props (their script element taken out, so that the island's content is what React hydrates).
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
  // JSON the server wrote; were it unreadable, the island would keep its server HTML, as one whose code failed
  const props = JSON.parse(script?.textContent || "{}");
  return island.hydrationTree(props, JSON.parse(element.getAttribute(ISLAND_ATTRIBUTES.form) || "null"));
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
  const props = JSON.parse(element.getAttribute("data-props") || "{}");
  return <PeerModuleInBrowser id={id} props={props} placeholder={kept} unavailable={retryable} />;
}

/** Makes the element a root once its tree has arrived; once only (its state says it was started). */
async function start(element: Element, tree: () => Promise<ReactElement> | ReactElement, adopt = false) {
  if (element.hasAttribute(ISLAND_ATTRIBUTES.state)) return;
  element.setAttribute(ISLAND_ATTRIBUTES.state, "loading");
  try {
    await mount(element, await tree(), adopt);
  } catch (error) {
    // its server HTML stays, and keeps working (links, forms)
    element.setAttribute(ISLAND_ATTRIBUTES.state, "failed");
    quietly(error);
  }
}

/**
 * Makes the given islands interactive, each as soon as its code has arrived (however late), and renders what the
 * server could not: the region; a peer's module (a slot it could not fill still holds its markers around the
 * consumer's fallback; a filled one has lost them). The server HTML around them is never hydrated, and a part whose
 * code fails keeps its server HTML. The page's inline script decides when each island is needed (boot-script.ts).
 */
export async function hydrateIslands(islands: readonly Element[]): Promise<void> {
  const region = document.querySelector<HTMLElement>(`[${REGION_MODE_ATTRIBUTE}="browser"][data-remote]`);
  const browserRegion = async () => {
    // what renders a region in the browser (the router with it) is needed only when the server could not compose it
    const { BrowserRegion } = await import("../features/remotes/components/browser-region");
    return <BrowserRegion name={region?.dataset.remote as RemoteName} />;
  };
  const unfilled = [...document.querySelectorAll(FRAGMENT_ELEMENT)].filter((element) =>
    element.querySelector("template[data-fleet-slot]"),
  );
  await Promise.all([
    region && start(region, browserRegion),
    ...unfilled.map((element) => start(element, () => unfilledFragment(element))),
    // every island is its own root; one inside another's HTML is a peer's fragment, which the outer one keeps as is
    ...islands.map((element) => start(element, () => islandTree(element), true)),
  ]);
}
