import { createContext, type ReactElement, type ReactNode } from "react";
import type { RemoteName } from "shared-types";
import type { FragmentInclude, PageHead, SiteContext, SubmittedForm } from "./protocol.js";

/**
 * What a server render collects while the page renders: the data its loaders fetched, what the page said about
 * itself (head, status, redirect) and the peers' fragments it includes. Present only on the server; in the browser
 * the context is null.
 */
export interface ServerRenderState {
  /** Whose render this is: a remote's, or the host's shell. */
  remote: RemoteName | "host";
  site: SiteContext;
  entries: Map<string, unknown>;
  head: PageHead | null;
  status: number;
  redirect: { location: string; status: number } | null;
  /** A form of this page sent without scripts and refused: rendered again as it was sent. */
  form?: SubmittedForm;
  /** Peers' modules to include as server fragments, in the order their slots appear. */
  fragments: FragmentInclude[];
  /** What the page shows that can change (shared-types CACHE_TAGS), from the resources its loaders loaded. */
  cacheTags: Set<string>;
  /** Writes an island's element (remote-kit/render's islandElement: server code the browser never loads). */
  islandElement: (
    state: ServerRenderState,
    // hydrate: an IslandHydration (islands.tsx names it, and reads this module)
    island: { id: string; hydrate: string; props: object },
    content: ReactNode,
  ) => ReactElement;
}

export const ServerRenderContext = createContext<ServerRenderState | null>(null);
