import axios from "axios";

/** The one HTTP client of team catalog: relative URLs to the site's own /api. */
export const apiClient = axios.create({ timeout: 10_000, headers: { Accept: "application/json" } });
