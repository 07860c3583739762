import { createHash } from "node:crypto";
import { apiPaths, type LeadCaptureRequest, withAlternateKeys } from "shared-types";

/** What the API answered a lead sent from team leads' server. */
export type ServerCaptureAnswer =
  | { kind: "stored"; id: string }
  | { kind: "refused"; fields: Record<string, string[]> }
  | { kind: "limited"; message: string }
  | { kind: "failed" };

interface AntiForgery {
  cookie: string;
  token: string;
}

/**
 * Sends a lead posted to a page without scripts to the API, from team leads' server, as the visitor's browser
 * would have: with the API's anti-forgery pair (asked for once and kept), the visitor's address for the API's limit
 * per visitor, and an idempotency key made from the submission itself, so the same post sent twice (a double
 * click, a resent form) is stored once.
 */
export class ServerLeadClient {
  private antiForgery: Promise<AntiForgery> | null = null;

  constructor(private readonly apiOrigin: () => string) {}

  private async fetchAntiForgery(): Promise<AntiForgery> {
    const response = await fetch(`${this.apiOrigin()}${apiPaths.leadsToken()}`, {
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`the API's anti-forgery token answered ${response.status}`);
    const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0] ?? "");
    const token = cookies.find((cookie) => cookie.startsWith("XSRF-TOKEN="))?.slice("XSRF-TOKEN=".length);
    if (!token) throw new Error("the API sent no anti-forgery token");
    return { cookie: cookies.join("; "), token: decodeURIComponent(token) };
  }

  private pair(renew = false): Promise<AntiForgery> {
    if (renew || !this.antiForgery) {
      this.antiForgery = this.fetchAntiForgery();
      this.antiForgery.catch(() => {
        this.antiForgery = null;
      });
    }
    return this.antiForgery;
  }

  async capture(lead: LeadCaptureRequest, clientIp: string): Promise<ServerCaptureAnswer> {
    const body = JSON.stringify(withAlternateKeys(lead));
    const idempotencyKey = `post-${createHash("sha256").update(body).digest("base64url").slice(0, 40)}`;
    const send = async (renew: boolean) => {
      const { cookie, token } = await this.pair(renew);
      return fetch(`${this.apiOrigin()}${apiPaths.leadsCapture()}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          cookie,
          "x-xsrf-token": token,
          "idempotency-key": idempotencyKey,
          "x-forwarded-for": clientIp,
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
    };
    try {
      let response = await send(false);
      // the pair expired (the API restarted with another secret): renewed once
      if (response.status === 403) response = await send(true);
      if (response.status === 201) {
        const receipt = (await response.json().catch(() => ({}))) as { id?: unknown };
        return { kind: "stored", id: typeof receipt.id === "string" ? receipt.id : "" };
      }
      const answer = (await response.json().catch(() => ({}))) as { fields?: unknown; message?: unknown };
      if (response.status === 400 && answer.fields && typeof answer.fields === "object") {
        return { kind: "refused", fields: answer.fields as Record<string, string[]> };
      }
      if (response.status === 429 && typeof answer.message === "string") {
        return { kind: "limited", message: answer.message };
      }
      return { kind: "failed" };
    } catch {
      return { kind: "failed" };
    }
  }
}
