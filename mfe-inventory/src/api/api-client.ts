import ky from "ky";
import { defineApiClient } from "remote-kit/api-client";

/**
 * Team inventory's client of the dealer API: `api()` is the browser's, or the server render's own (remote-kit).
 * In the browser, ky on the platform's fetch: the toolbar's first choice loads this on a phone, where axios would
 * cost four times the bytes. On the server, remote-kit's transport: a unit's page made anew reads the API twice,
 * and fetch would cost three times as much. A refusal's `response.status` says why (404: no such unit).
 */
export const api = defineApiClient((baseURL, headers, transport) => {
  if (transport) return transport;
  const client = ky.create({ timeout: 10_000, retry: 0, headers: { Accept: "application/json", ...headers } });
  return {
    get: async (path: string): Promise<{ data: unknown }> => ({
      data: await client.get(`${baseURL ?? ""}${path}`).json(),
    }),
  };
});
