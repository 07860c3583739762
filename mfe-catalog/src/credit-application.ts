/**
 * The third-party credit application the financing form embeds. VITE_CREDIT_APPLICATION_URL, at build time, points
 * it at the lender's form; the build announces its origin in the manifest, so the host's CSP lets it be framed.
 */
export const DEFAULT_CREDIT_APPLICATION_URL = "https://www.dealertrack.ca/credit-application/summit-heavy-fleet";
