import { createContext, useContext } from "react";
import type { RemoteName } from "shared-types";
import { SITE_CONTEXT_ELEMENT_ID, type SiteContext } from "./protocol.js";

/**
 * What the host writes into every page as JSON (id "fleet-site"): the site context every remote reads, the remote
 * configuration, and which remote's region the server composed.
 */
export interface SiteDocument extends SiteContext {
  /** Each remote's manifest URL, as the browser loads it (relative to the page or absolute). */
  remotes: Record<RemoteName, string>;
  /**
   * The entry (remoteEntry.js) of each remote whose parts are in the page, as the server found it in its manifest:
   * the browser's runtime loads it at once instead of reading the manifest first.
   */
  entries?: Partial<Record<RemoteName, string>>;
  /** The remote whose HTML the server put in the page, and for which path; null when the region renders here. */
  composed: { remote: RemoteName; path: string } | null;
}

let documentSite: SiteDocument | null | undefined;

/** The host's page data, read once; null outside the host (a remote's standalone page, tests). */
export function readSiteDocument(): SiteDocument | null {
  if (documentSite === undefined && typeof document !== "undefined") {
    try {
      documentSite = JSON.parse(document.getElementById(SITE_CONTEXT_ELEMENT_ID)?.textContent || "null");
    } catch {
      documentSite = null;
    }
  }
  return documentSite ?? null;
}

const SiteContextValue = createContext<SiteContext | null>(null);

export const SiteProvider = SiteContextValue.Provider;

/**
 * The dealership's details and the site's address. On the server the render request provides them; in the browser
 * they come from the page the host wrote (so a remote's module rendered inside another remote finds them too).
 */
export function useSite(): SiteContext {
  const provided = useContext(SiteContextValue);
  if (provided) return provided;
  const fromDocument = readSiteDocument();
  if (fromDocument) return fromDocument;
  throw new Error("No site context: render inside the host, or wrap the tree in <SiteProvider>");
}
