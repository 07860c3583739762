/**
 * Where the lead was sent from, for the dealership: the page's address without its query or fragment (a visitor's
 * search, or anything a link carried, is not the dealership's to keep), and only when it is a page of the site
 * itself: the field is the visitor's to fill, and any other address would reach the desk, the CRM and the webhook
 * as a link from the dealership's own sender. A page that names a unit names it in its path, which stays.
 */
export function sourcePage(url: string | undefined, siteUrl: string): string {
  try {
    const parsed = new URL(url ?? "");
    if (parsed.origin !== new URL(siteUrl).origin || parsed.username || parsed.password) return "";
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return "";
  }
}
