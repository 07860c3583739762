import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { allows, type Grant } from "shared-types";
import type { SignedIn } from "../signed-in.js";
import { ApiContractBroken, ApiRefusal, type StaffApiClient, staffApiClient } from "../staff-api.js";
import { NotDonePage, RefusedPage, UnavailablePage } from "../ui/refused.js";
import { drained } from "./uploads.js";

/** The member's session, in a cookie no script can read and no other site can make the browser send. */
export const SESSION_COOKIE = "desk_session";

declare module "fastify" {
  interface FastifyContextConfig {
    /** What the member's role must include to open the route (checked before its handler). */
    grant?: Grant;
    /** Reached before signing in: sign-in, the desk's files, its health. */
    signedOut?: boolean;
  }
  interface FastifyRequest {
    /** The member signed in (every route but the signed-out ones). */
    staff: SignedIn;
    /** The API's staff routes, called for this member and this visitor. */
    api: StaffApiClient;
  }
  interface FastifyReply {
    /** Sends a desk page, rendered on the server. */
    page(element: ReactElement, status?: number): FastifyReply;
  }
}

export const setSession = (request: FastifyRequest, reply: FastifyReply, value: string) =>
  reply.setCookie(SESSION_COOKIE, value, {
    path: "/",
    httpOnly: true,
    sameSite: "strict",
    secure: request.protocol === "https",
  });

const unavailableText = "The staff desk cannot reach the dealership's data just now. Please try again in a minute.";

/**
 * The member, once for every route: a session cookie the API knows (or sign in), then the route's grant (or the
 * reason it is not theirs). What the API refuses later is shown the same way by one error handler, so no route
 * checks either itself.
 */
export function registerSession(app: FastifyInstance, options: { apiOrigin: string; deskKey?: string }) {
  const clientFor = staffApiClient(options.apiOrigin, options.deskKey);
  app.decorateRequest("staff", null as unknown as SignedIn);
  app.decorateRequest("api", null as unknown as StaffApiClient);
  app.decorateReply("page", function page(this: FastifyReply, element: ReactElement, status = 200) {
    return this.code(status)
      .type("text/html; charset=utf-8")
      .send(`<!doctype html>${renderToStaticMarkup(element)}`);
  });

  // the member: a session cookie the API knows, or sign in
  app.addHook("preHandler", async (request, reply) => {
    const session = request.cookies[SESSION_COOKIE] ?? "";
    request.api = clientFor({ session: session || undefined, address: request.ip });
    if (request.routeOptions.config.signedOut) return;
    if (!session) return reply.redirect("/sign-in", 303);
    const { member } = await request.api.me();
    request.staff = { session, member };
  });
  // the route's grant: what the member's role must include, or the reason it is not theirs
  app.addHook("preHandler", async (request, reply) => {
    const grant = request.routeOptions.config.grant;
    if (!grant || request.routeOptions.config.signedOut || allows(request.staff.member.role, grant)) return;
    return reply.page(
      RefusedPage({ signedIn: request.staff, reason: "This part of the desk is not in your role." }),
      403,
    );
  });

  app.setErrorHandler(async (error, request, reply) => {
    // a file over the desk's limit (a feed of 64 MB): said as such, not as the API being away, once it is all in
    if ((error as { statusCode?: number }).statusCode === 413) {
      await drained(request.raw);
      const text = "This file is too large for the desk (64 MB at most). Go back and choose a smaller one.";
      return reply.page(UnavailablePage({ title: "The file is too large", text }), 413);
    }
    if (error instanceof ApiRefusal) return shownRefusal(error, request, reply);
    if (error instanceof ApiContractBroken) request.log.error({ err: error }, "the API broke its contract");
    else request.log.error({ err: error }, "the desk could not answer");
    if (request.url.startsWith("/passkey/")) return reply.code(503).send({ message: unavailableText });
    return reply.page(UnavailablePage({ text: unavailableText }), 503);
  });

  app.setNotFoundHandler((request, reply) =>
    reply.page(
      NotDonePage({ signedIn: request.staff ?? undefined, reason: "There is no such page on the desk." }),
      404,
    ),
  );
}

/** What the API refused, as the member reads it: signed out, not their role, or not done with its reason. */
function shownRefusal(error: ApiRefusal, request: FastifyRequest, reply: FastifyReply) {
  if (request.url.startsWith("/passkey/")) return reply.code(error.status).send({ message: error.message });
  if (error.status === 401) {
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return reply.redirect("/sign-in?ended=1", 303);
  }
  const signedIn = request.staff ?? undefined;
  if (error.status === 403 && signedIn) return reply.page(RefusedPage({ signedIn, reason: error.message }), 403);
  if (error.status >= 500) {
    request.log.error({ err: error }, "the API failed");
    return reply.page(UnavailablePage({ text: unavailableText }), 503);
  }
  return reply.page(NotDonePage({ signedIn, reason: error.message }), error.status);
}
