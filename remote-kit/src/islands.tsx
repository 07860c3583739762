import { type ComponentType, createContext, type ReactElement, useContext } from "react";
import type { RemoteName } from "shared-types";
import type { SubmittedForm } from "./protocol.js";
import { ServerRenderContext } from "./server-state.js";

/**
 * Islands: the only parts of a page that run in the browser (docs/architecture.md). What a visitor can interact with
 * is rendered with the rest on the server inside an element that names it and carries its props, and hydrated on
 * its own, as its own React root, by the host's page script. It is an exposed module of its remote whose default
 * export is made with defineIsland: the host loads it through the federation runtime by the id on the element.
 */

/**
 * When an island hydrates. Every island works as HTML before its script (a form posts itself, a menu opens with
 * CSS, a call button is a link that calls), so none holds the page's load: each is made interactive when the
 * visitor reaches for it (a pointer over it, a touch, focus: "interaction", and "form", which says it is one), or,
 * further down the page, when it nears the screen ("visible"). "load" is for a part that cannot wait.
 */
export type IslandHydration = "form" | "load" | "visible" | "interaction";
/** The ones hydrated as the page loads. */
export const EAGER_HYDRATION: readonly IslandHydration[] = ["load"];

export const ISLAND_ELEMENT = "fleet-island";
export const ISLAND_ATTRIBUTES = {
  /** "inventory/island/gallery": the remote and the module it exposes. */
  id: "data-island",
  hydrate: "data-hydrate",
  /** The form sent without scripts that this page shows again (only in the answer to that POST). */
  form: "data-form",
  /** Set by the host once the island is interactive; "failed" when its code could not be had. */
  state: "data-island-state",
  /**
   * On a link inside an island whose meaning with its code differs from the link's (the map loads in place, Call Us
   * Now shows the number): a click before the code has arrived is held, and given to the element of the same name
   * ("map", "call") once it is interactive; only if the code is late does the link do what it does without scripts.
   */
  replay: "data-island-replay",
  /** Set by the host once the island's code has been fetched, not run ("at-hand"): a touch then waits only for it to run. */
  code: "data-island-code",
} as const;

/**
 * The attribute of the JSON script element an island's props are written in: its last child (its first is what it
 * shows, which the page's script watches near the screen).
 */
export const ISLAND_PROPS_SCRIPT = "data-island-props";

export type IslandId = `${RemoteName | "host"}/${string}`;

const InsideIsland = createContext(false);
const SubmittedFormContext = createContext<SubmittedForm | null>(null);

/**
 * Makes a component an island. On the server it renders inside <fleet-island> with its props as JSON (so they must be
 * plain data); in the browser, inside another island or a region the browser renders, it is just the component.
 */
export function defineIsland<P extends object>(
  id: IslandId,
  Component: ComponentType<P>,
  { hydrate = "load" }: { hydrate?: IslandHydration } = {},
) {
  const Island = (props: P): ReactElement => {
    const server = useContext(ServerRenderContext);
    const inside = useContext(InsideIsland);
    if (!server || inside) return <Component {...props} />;
    // the element that names it is written by server-only code the render state carries (render/island-element)
    return server.islandElement(
      server,
      { id, hydrate, props },
      <InsideIsland.Provider value={true}>
        <Component {...props} />
      </InsideIsland.Provider>,
    );
  };
  Object.defineProperty(Island, "name", { value: `Island(${Component.displayName ?? Component.name ?? id})` });
  return Object.assign(Island, {
    island: { id, hydrate },
    /** The component itself, without the element that names it (a host of release e6db666 looks for it). */
    Component,
    /**
     * What the host hydrates inside the element (an island inside it is just its component): it comes with the
     * island's module, so the context is the island's own copy of the kit, whichever host runs it.
     */
    hydrationTree: (props: P, form: SubmittedForm | null) => (
      <SubmittedFormContext.Provider value={form}>
        <Component {...props} />
      </SubmittedFormContext.Provider>
    ),
  });
}

export const isIslandComponent = (value: unknown): value is ReturnType<typeof defineIsland<object>> =>
  typeof value === "function" && "hydrationTree" in value;

/**
 * The form a visitor sent without scripts, when the page is the answer to that POST and `id` is this form's
 * FORM_FIELD value: what they typed and why it was refused. Null otherwise.
 */
export function useSubmittedForm(id: string): SubmittedForm | null {
  const server = useContext(ServerRenderContext);
  const handed = useContext(SubmittedFormContext);
  const form = server ? (server.form ?? null) : handed;
  return form?.id === id ? form : null;
}

/** True while rendering on the server: what is rendered goes into the page's HTML. */
export function useServerRender(): boolean {
  return useContext(ServerRenderContext) !== null;
}
