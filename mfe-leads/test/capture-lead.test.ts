import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../src/api/api-client";
import { captureLead } from "../src/api/capture-lead";

/** The test plays the browser's cookie jar, as the API's Set-Cookie would fill it. */
function setCookie(cookie: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: emulating what a Set-Cookie header does in a browser
  document.cookie = cookie;
}

type Reply = { status: number; data?: unknown } | "network-error";
const requests: { method: string; url: string; key?: string }[] = [];
let replies: Reply[] = [];

function respond(config: InternalAxiosRequestConfig): Promise<AxiosResponse> {
  requests.push({
    method: String(config.method),
    url: String(config.url),
    key: config.headers?.["Idempotency-Key"] as string | undefined,
  });
  if (config.url?.endsWith("/leads/token")) {
    setCookie("XSRF-TOKEN=token-1; path=/");
    return Promise.resolve({ status: 200, data: { ok: true }, headers: {}, config, statusText: "OK" });
  }
  const reply = replies.shift() ?? { status: 201, data: { id: "lead-1", received_at: "2026-11-22T08:00:00Z" } };
  if (reply === "network-error") return Promise.reject(new AxiosError("Network Error", "ERR_NETWORK", config));
  const response = { status: reply.status, data: reply.data ?? {}, headers: {}, config, statusText: "" };
  if (reply.status >= 400) {
    return Promise.reject(new AxiosError("failed", "ERR_BAD_RESPONSE", config, null, response));
  }
  return Promise.resolve(response);
}

const lead = { form: "contact", destination: "ContactUs", first_name: "Ana", email: "ana@example.ca" } as const;

beforeEach(() => {
  requests.length = 0;
  replies = [];
  api().defaults.adapter = respond;
  setCookie("XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/");
});

describe("captureLead", () => {
  it("fetches the anti-forgery cookie first when it has none, then posts with the idempotency key", async () => {
    await captureLead(lead, "key-12345678", { retryDelayMs: 0 });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(["get /api/leads/token", "post /api/leads/capture"]);
    expect(requests[1]?.key).toBe("key-12345678");
  });

  it("retries network errors and 5xx with the same key, then succeeds", async () => {
    replies = ["network-error", { status: 503 }];
    const listener = vi.fn();
    window.addEventListener("leads:lead-submitted", listener);
    const stored = await captureLead(lead, "key-12345678", { retryDelayMs: 0 });
    expect(stored.id).toBe("lead-1");
    const posts = requests.filter((r) => r.method === "post");
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((p) => p.key))).toEqual(new Set(["key-12345678"]));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("gives up after three retries, so the form can show its error", async () => {
    replies = [{ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }];
    await expect(captureLead(lead, "key-12345678", { retryDelayMs: 0 })).rejects.toThrow();
    expect(requests.filter((r) => r.method === "post")).toHaveLength(4);
  });

  it("does not retry a 400: the server has answered", async () => {
    replies = [{ status: 400, data: { message: "Invalid lead" } }];
    await expect(captureLead(lead, "key-12345678", { retryDelayMs: 0 })).rejects.toThrow();
    expect(requests.filter((r) => r.method === "post")).toHaveLength(1);
  });

  it("renews an expired anti-forgery pair once on a 403 and resends", async () => {
    setCookie("XSRF-TOKEN=stale; path=/");
    replies = [{ status: 403 }];
    await captureLead(lead, "key-12345678", { retryDelayMs: 0 });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "post /api/leads/capture",
      "get /api/leads/token",
      "post /api/leads/capture",
    ]);
  });

  it("resends under a new key when the API says the key was used for other content (422), and says which", async () => {
    replies = [{ status: 422, data: { message: "This Idempotency-Key was already used for another request" } }];
    const onNewKey = vi.fn();
    const stored = await captureLead(lead, "key-12345678", { retryDelayMs: 0, onNewKey });
    expect(stored.id).toBe("lead-1");
    const posts = requests.filter((r) => r.method === "post");
    expect(posts.map((p) => p.key)).toEqual(["key-12345678", onNewKey.mock.calls[0]?.[0]]);
    expect(onNewKey.mock.calls[0]?.[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("waits longer before each retry (exponential backoff)", async () => {
    vi.useFakeTimers();
    try {
      replies = [{ status: 503 }, { status: 503 }];
      const done = captureLead(lead, "key-12345678");
      await vi.advanceTimersByTimeAsync(0);
      await vi.advanceTimersByTimeAsync(0);
      expect(requests.filter((r) => r.method === "post")).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(700);
      expect(requests.filter((r) => r.method === "post")).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(400);
      expect(requests.filter((r) => r.method === "post")).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1200);
      expect(requests.filter((r) => r.method === "post")).toHaveLength(3);
      await done;
    } finally {
      vi.useRealTimers();
    }
  });
});
