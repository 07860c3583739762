import { createElement, type ReactElement, type ReactNode } from "react";
import { ISLAND_ATTRIBUTES, ISLAND_ELEMENT, ISLAND_PROPS_SCRIPT } from "../islands.js";
import { jsonForScript } from "../protocol.js";
import type { ServerRenderState } from "../server-state.js";

/**
 * An island as the server writes it: the element that names it, its content, and its props (ISLAND_PROPS_SCRIPT).
 * Server-only (the render state carries it), so none of it is in the islands' code the browser loads.
 */
export function islandElement(
  state: ServerRenderState,
  island: { id: string; hydrate: string; props: object },
  content: ReactNode,
): ReactElement {
  return createElement(
    ISLAND_ELEMENT,
    {
      [ISLAND_ATTRIBUTES.id]: island.id,
      [ISLAND_ATTRIBUTES.hydrate]: island.hydrate,
      ...(state.form ? { [ISLAND_ATTRIBUTES.form]: JSON.stringify(state.form) } : {}),
    },
    content,
    createElement("script", {
      type: "application/json",
      [ISLAND_PROPS_SCRIPT]: "",
      dangerouslySetInnerHTML: { __html: jsonForScript(island.props) },
    }),
  );
}
