import type { FastifyInstance } from "fastify";
import { signFormStart } from "../src/security/signing.js";

/** What a browser holds after GET /api/leads/token: the cookies, and the header axios derives from them. */
export async function antiForgery(app: FastifyInstance): Promise<Record<string, string>> {
  const res = await app.inject({ method: "GET", url: "/api/leads/token" });
  if (res.statusCode !== 200) throw new Error(`GET /api/leads/token answered ${res.statusCode}`);
  const cookies = res.cookies as { name: string; value: string; httpOnly?: boolean }[];
  return {
    cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; "),
    "x-xsrf-token": cookies.find((c) => c.name === "XSRF-TOKEN")?.value ?? "",
  };
}

/** POST /api/leads/capture as a page does, anti-forgery pair included. */
export async function captureLead(app: FastifyInstance, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: "POST",
    url: "/api/leads/capture",
    headers: { ...(await antiForgery(app)), ...headers },
    payload: payload as Record<string, unknown>,
  });
}

/** A form start the API signed `ms` ago: a person's fill time. */
export const startedAgo = (secret: string, ms: number) => signFormStart(Buffer.from(secret), Date.now() - ms);
