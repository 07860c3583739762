import axios from "axios";
import axiosRetry, { exponentialDelay } from "axios-retry";

/**
 * The one HTTP client of team leads. Relative URLs: the API sits under /api on the site's own origin, so axios's
 * anti-forgery convention applies (it copies the XSRF-TOKEN cookie into the X-XSRF-TOKEN header).
 */
export const apiClient = axios.create({ timeout: 15_000, headers: { Accept: "application/json" } });

/**
 * A lead must survive a flaky phone connection: a request that got no answer, or a 5xx, is retried with
 * exponential backoff (about 0.5 s, 1 s, 2 s). Lead captures carry an idempotency key, so a retry of a request
 * that did reach the server stores nothing twice. A 4xx is the server's considered answer and is not retried.
 */
export const RETRY_POLICY = { retries: 3, baseDelayMs: 250 } as const;

axiosRetry(apiClient, {
  retries: RETRY_POLICY.retries,
  retryDelay: (retryCount, error) => exponentialDelay(retryCount, error, RETRY_POLICY.baseDelayMs),
  retryCondition: (error) => !axios.isCancel(error) && (!error.response || error.response.status >= 500),
});
