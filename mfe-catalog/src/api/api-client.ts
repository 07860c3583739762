import axios from "axios";
import { defineApiClient } from "remote-kit/api-client";

/** Team catalog's client of the dealer API: `api()` is the browser's, or the server render's own (remote-kit). */
export const api = defineApiClient((baseURL, headers) =>
  axios.create({ baseURL, timeout: 10_000, headers: { Accept: "application/json", ...headers } }),
);
