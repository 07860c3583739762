import { type ComponentType, createContext, type ReactElement, type ReactNode, useContext } from "react";
import type { RemoteName } from "shared-types";
import type { SubmittedForm } from "./protocol.js";
import { ServerRenderContext } from "./server-state.js";

/**
 * Islands: the only parts of a page that run in the browser. A page is server HTML; what a visitor can interact
 * with (a form, the search toolbar, a gallery) is an island: rendered with the rest on the server, wrapped in an
 * element that names it and carries its props, and hydrated on its own by the host's page script, as its own
 * React root. Everything else is never hydrated, so it costs the main thread nothing and never waits for code.
 *
 * An island is an exposed module of its remote (`./island/gallery`, or one of team leads' forms) whose default
 * export is made with defineIsland: the host loads it through the federation runtime by the id on the element.
 */

/**
 * When an island hydrates. Every island works as HTML before its script (a form posts itself, a menu opens with
 * CSS, a call button is a link that calls), so none holds the page's load: each is made interactive when the
 * visitor reaches for it (a pointer over it, a touch, focus: "interaction"), or, further down the page, when it
 * nears the screen ("visible"). A form ("form") is reached for like the rest and goes first when several are;
 * "load" is for a part that cannot wait. A page costs the main thread only what the visitor uses.
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
   * On a link inside an island whose meaning with its code differs from the link's (the map placeholder loads the
   * map in place; Call Us Now shows the number): a click before the code has arrived is held, and given to the
   * element of the same name once the island is interactive. Only when the code does not come in time does the link
   * do what it does without scripts. The value names the element across hydration ("map", "call").
   */
  replay: "data-island-replay",
  /** Set by the host once the island's code has been fetched, not run ("at-hand"): a touch then waits only for it to run. */
  code: "data-island-code",
} as const;

/**
 * The attribute of the JSON script element an island's props are written in, as its last child (its first is what
 * it shows: the page's script watches that come near the screen): the host takes it out before it hydrates it.
 */
export const ISLAND_PROPS_SCRIPT = "data-island-props";

export type IslandId = `${RemoteName | "host"}/${string}`;

export interface IslandComponent<P extends object> {
  (props: P): ReactElement;
  island: { id: IslandId; hydrate: IslandHydration };
  /** The component itself, without the element that names it: what the host hydrates inside that element. */
  Component: ComponentType<P>;
  /**
   * What the host hydrates inside the element: the component in the context it was rendered in on the server.
   * It comes with the island's module, so the context is the island's own copy of the kit, whichever host runs it.
   */
  hydrationTree(props: P, form: SubmittedForm | null): ReactElement;
}

const InsideIsland = createContext(false);
const SubmittedFormContext = createContext<SubmittedForm | null>(null);

/**
 * Makes a component an island. On the server it renders inside <fleet-island> with its props as JSON (so they
 * must be plain data); in the browser, inside another island or a region the browser renders, it is just the
 * component.
 */
export function defineIsland<P extends object>(
  id: IslandId,
  Component: ComponentType<P>,
  options: { hydrate?: IslandHydration } = {},
): IslandComponent<P> {
  const hydrate = options.hydrate ?? "load";
  const Island = ((props: P) => {
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
  }) as IslandComponent<P>;
  Island.island = { id, hydrate };
  Island.Component = Component;
  Island.hydrationTree = (props, form) => (
    <IslandRoot form={form}>
      <Component {...props} />
    </IslandRoot>
  );
  Object.defineProperty(Island, "name", { value: `Island(${Component.displayName ?? Component.name ?? id})` });
  return Island;
}

export const isIslandComponent = (value: unknown): value is IslandComponent<object> =>
  typeof value === "function" && "island" in value && "Component" in value;

/** What the host renders as an island's root: the same context the server rendered its content in. */
export function IslandRoot({ form, children }: { form: SubmittedForm | null; children: ReactNode }) {
  return (
    <InsideIsland.Provider value={true}>
      <SubmittedFormContext.Provider value={form}>{children}</SubmittedFormContext.Provider>
    </InsideIsland.Provider>
  );
}

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

/** True inside an island (on the server, and in the browser once the host hydrates it). */
export function useInsideIsland(): boolean {
  return useContext(InsideIsland);
}
