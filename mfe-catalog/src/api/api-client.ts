import axios from "axios";
import { defineApiClient } from "remote-kit/api-client";

/** Team catalog's client of the dealer API: `api()` is the browser's, or the server render's own (remote-kit). */
export const api = defineApiClient(
  (baseURL, headers, transport) =>
    // on a server, the kit's transport (a third of what axios's http adapter costs per call); axios in the browser
    transport ?? axios.create({ baseURL, timeout: 10_000, headers: { Accept: "application/json", ...headers } }),
);
