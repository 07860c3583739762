import { type BusinessDetails, formatCents, paths, type SavedSearchAction } from "shared-types";
import { escapeHtml } from "../content/escape-html.js";

/** An email of a saved search: to its address only, with the headers a mailbox needs to unsubscribe in one click. */
export interface SavedSearchEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** A unit an alert tells about: new to the search, or its all-in price lower than when last told. */
export interface AlertUnit {
  stock_number: string;
  title: string;
  price_cents: number;
  was_cents: number | null;
  photo: string | null;
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
  const confirm = actionLink(links, "confirm");
  const intro = `Please confirm you want an email from ${business.name} when a new unit matches your search (${described}) or a matching unit's price drops, at most once a day.`;
  const nothing = "If you did not ask for this, ignore this email: nothing more will be sent.";
  return {
    to: email,
    subject: `Confirm your saved search: ${business.name}`,
    text: [intro, "", `Confirm: ${confirm}`, "", nothing, "", sender(business), ""].join("\n"),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(confirm)}">Confirm my saved search</a></p>
<p>${escapeHtml(nothing)}</p>
<p style="color:#666;font-size:12px">${escapeHtml(sender(business))}</p>
</body></html>`,
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
  const { siteUrl } = links;
  const unsubscribe = actionLink(links, "unsubscribe");
  const renew = actionLink(links, "renew");
  const line = (unit: AlertUnit) =>
    `${unit.title}: ${unit.price_cents > 0 ? `${formatCents(unit.price_cents)} all-in` : "Contact Us For Pricing"}${
      unit.was_cents ? ` (was ${formatCents(unit.was_cents)})` : " (new)"
    }\n  ${siteUrl}${paths.vehicle(unit.stock_number)}`;
  const intro = `New matches for your saved search (${described}) at ${business.name}:`;
  const keep = `This search stops on ${links.lapsesOn} unless you keep it: ${renew}`;
  const text = [
    intro,
    "",
    ...units.map(line),
    ...(more > 0 ? [`And ${more} more: ${links.searchUrl}`] : []),
    "",
    keep,
    `Unsubscribe: ${unsubscribe}`,
    "",
    `You receive this because you saved this search and confirmed your address. ${sender(business)}`,
    "",
  ].join("\n");
  const card = (unit: AlertUnit) => {
    const href = `${siteUrl}${paths.vehicle(unit.stock_number)}`;
    const price = unit.price_cents > 0 ? `${formatCents(unit.price_cents)} all-in, plus GST` : "Contact Us For Pricing";
    return `<tr><td style="padding:8px;border-bottom:1px solid #ddd;vertical-align:top">${
      unit.photo
        ? `<a href="${escapeHtml(href)}"><img src="${escapeHtml(unit.photo)}" alt="${escapeHtml(unit.title)}" width="160" height="120" style="display:block;border:0"></a>`
        : ""
    }</td><td style="padding:8px;border-bottom:1px solid #ddd;vertical-align:top"><a href="${escapeHtml(href)}"><strong>${escapeHtml(unit.title)}</strong></a><br>${escapeHtml(price)}${
      unit.was_cents
        ? `<br><span style="color:#1d5e2a">Price drop: was ${escapeHtml(formatCents(unit.was_cents))}</span>`
        : "<br>New in stock"
    }</td></tr>`;
  };
  return {
    to: email,
    subject: `${units.length + more} new ${units.length + more === 1 ? "match" : "matches"} for your saved search: ${business.name}`,
    text,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(intro)}</p>
<table cellpadding="0" cellspacing="0" style="border-collapse:collapse">${units.map(card).join("")}</table>
${more > 0 ? `<p><a href="${escapeHtml(links.searchUrl)}">And ${more} more</a></p>` : ""}
<p>This search stops on ${escapeHtml(links.lapsesOn)} unless you <a href="${escapeHtml(renew)}">keep it for 6 more months</a>.</p>
<p><a href="${escapeHtml(unsubscribe)}">Unsubscribe</a> from this search's emails.</p>
<p style="color:#666;font-size:12px">You receive this because you saved this search and confirmed your address. ${escapeHtml(sender(business))}</p>
</body></html>`,
    headers: {
      "List-Unsubscribe": `<${oneClickLink(links)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Auto-Submitted": "auto-generated",
    },
  };
}
