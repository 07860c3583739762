import ky from "ky";
import { defineApiClient } from "remote-kit/api-client";

/**
 * Team inventory's client of the dealer API: `api()` is the browser's, or the server render's own (remote-kit).
 * ky, on the platform's fetch: the toolbar's first choice loads this on a phone, where axios would cost four times
 * the bytes. A refusal is ky's HTTPError, whose `response.status` says why (404: no such unit).
 */
export const api = defineApiClient((baseURL, headers) => {
  const client = ky.create({ timeout: 10_000, retry: 0, headers: { Accept: "application/json", ...headers } });
  return {
    get: async (path: string): Promise<{ data: unknown }> => ({
      data: await client.get(`${baseURL ?? ""}${path}`).json(),
    }),
  };
});
