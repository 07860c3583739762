import axios from "axios";

/**
 * The one HTTP client of team leads. Relative URLs: the API sits under /api on the site's own origin, so the
 * anti-forgery cookie/header convention (XSRF-TOKEN -> X-XSRF-TOKEN, axios's default) applies.
 */
export const apiClient = axios.create({ timeout: 15_000, headers: { Accept: "application/json" } });
