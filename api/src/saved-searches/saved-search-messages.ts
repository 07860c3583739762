import { type BusinessDetails, paths, type SavedSearchAction } from "shared-types";
import { type AlertUnit, savedSearchAlertEmail } from "../emails/saved-search-alert.js";
import { savedSearchConfirmationEmail } from "../emails/saved-search-confirmation.js";

export type { AlertUnit } from "../emails/saved-search-alert.js";

/** An email of a saved search: to its address only, with the headers a mailbox needs to unsubscribe in one click. */
export interface SavedSearchEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface SavedSearchLinks {
  siteUrl: string;
  id: string;
  token: string;
}

/** A link of the search's emails: team leads' page, whose one button does it (mail scanners open links). */
export const actionLink = ({ siteUrl, id, token }: SavedSearchLinks, action: SavedSearchAction) =>
  `${siteUrl}${paths.savedSearch()}?${new URLSearchParams({ id, token, do: action })}`;

/** RFC 8058: the address a mailbox POSTs "List-Unsubscribe=One-Click" to (the API, through the site's proxy). */
const oneClickLink = ({ siteUrl, id, token }: SavedSearchLinks) =>
  `${siteUrl}/api/saved-searches/${encodeURIComponent(id)}/unsubscribe?${new URLSearchParams({ token })}`;

/** Who sends it, where they are (CASL: the sender's name and postal address in every message). */
const sender = (business: BusinessDetails) =>
  `${business.name}, ${business.address.line1}, ${business.address.city}, ${business.address.province} ${business.address.postal_code}. ${business.phone_sales}.`;

/** "2026 Isuzu NPR-HD, 16 ft box", or "everything in stock". */
export const searchWords = (search: string, filterWords: string) =>
  [search ? `"${search}"` : "", filterWords].filter(Boolean).join(", ") || "everything in stock";

/**
 * A search in its confirmation's words: only what the site knows (facet values the stock has, fixed choices,
 * numbers); whatever else was typed is "the words you searched for". The confirmation goes to an address nobody
 * has confirmed yet, so it repeats nothing a stranger could have typed into it.
 */
export function confirmationWords(knownFilterWords: string, typedLeftOut: boolean): string {
  const typed = typedLeftOut ? "the words you searched for" : "";
  if (knownFilterWords && typed) return `${knownFilterWords}, and ${typed}`;
  return knownFilterWords || typed || "everything in stock";
}

/** The one email before anything is sent: is this address theirs, and do they want these? */
export function confirmationEmail(
  email: string,
  described: string,
  links: SavedSearchLinks,
  business: BusinessDetails,
): SavedSearchEmail {
  return {
    to: email,
    ...savedSearchConfirmationEmail({
      subject: `Confirm your saved search: ${business.name}`,
      intro: `Please confirm you want an email from ${business.name} when a new unit matches your search (${described}) or a matching unit's price drops, at most once a day.`,
      confirmLink: actionLink(links, "confirm"),
      sender: sender(business),
    }),
    headers: { "Auto-Submitted": "auto-generated" },
  };
}

/** One alert: each new or cheaper unit with its photo, price and link; unsubscribe in one click; renew. */
export function alertEmail(
  email: string,
  described: string,
  units: readonly AlertUnit[],
  more: number,
  links: SavedSearchLinks & { searchUrl: string; lapsesOn: string },
  business: BusinessDetails,
): SavedSearchEmail {
  const count = units.length + more;
  return {
    to: email,
    ...savedSearchAlertEmail({
      subject: `${count} new ${count === 1 ? "match" : "matches"} for your saved search: ${business.name}`,
      intro: `New matches for your saved search (${described}) at ${business.name}:`,
      units,
      more,
      searchUrl: links.searchUrl,
      siteUrl: links.siteUrl,
      lapsesOn: links.lapsesOn,
      renewLink: actionLink(links, "renew"),
      unsubscribeLink: actionLink(links, "unsubscribe"),
      sender: sender(business),
    }),
    headers: {
      "List-Unsubscribe": `<${oneClickLink(links)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Auto-Submitted": "auto-generated",
    },
  };
}
