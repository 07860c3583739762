import { createContext } from "react";
import type { RemoteName } from "shared-types";
import type { PageHead, SiteContext } from "./protocol.js";

/**
 * What a server render collects while the page renders: the data its loaders fetched, and what the page said
 * about itself (head, status, redirect). Present only on the server; in the browser the context is null.
 */
export interface ServerRenderState {
  remote: RemoteName;
  site: SiteContext;
  remoteBase: string;
  entries: Map<string, unknown>;
  head: PageHead | null;
  status: number;
  redirect: { location: string; status: number } | null;
}

export const ServerRenderContext = createContext<ServerRenderState | null>(null);
