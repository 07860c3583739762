import axios from "axios";
import axiosRetry, { exponentialDelay } from "axios-retry";
import { defineApiClient } from "remote-kit/api-client";

/**
 * A lead must survive a flaky phone connection: a request that got no answer, or a 5xx, is retried with
 * exponential backoff (about 0.5 s, 1 s, 2 s). Lead captures carry an idempotency key, so a retry of a request
 * that did reach the server stores nothing twice. A 4xx is the server's considered answer and is not retried.
 */
export const RETRY_POLICY = { retries: 3, baseDelayMs: 250 } as const;

/**
 * Team leads' client of the dealer API: `api()` is the browser's, or the server render's own (remote-kit). In the
 * browser its URLs are relative: the API sits under /api on the site's own origin, so axios's anti-forgery
 * convention applies (it copies the XSRF-TOKEN cookie into the X-XSRF-TOKEN header).
 */
export const api = defineApiClient((baseURL, headers) => {
  const client = axios.create({ baseURL, timeout: 15_000, headers: { Accept: "application/json", ...headers } });
  axiosRetry(client, {
    retries: RETRY_POLICY.retries,
    retryDelay: (retryCount, error) => exponentialDelay(retryCount, error, RETRY_POLICY.baseDelayMs),
    retryCondition: (error) => !axios.isCancel(error) && (!error.response || error.response.status >= 500),
  });
  return client;
});
