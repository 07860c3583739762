import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { allows, mayCall, type StaffMember } from "shared-types";
import type { Database } from "../db/database.js";
import type { FailedAuthentication } from "../security/admin-routes.js";
import { staffScope } from "../security/edges.js";
import { sameSecret } from "../security/same-secret.js";
import { registerVitalsStaffRoutes } from "../vitals/vitals-routes.js";
import { type AuditActor, COMMAND_LINE_ACTOR } from "./audit.js";
import { Passkeys, relyingPartyOf } from "./passkeys.js";
import { registerAuditRoutes } from "./routes/audit.js";
import { registerBookingRoutes } from "./routes/bookings.js";
import { registerBusinessRoutes } from "./routes/business.js";
import { registerEmailRoutes } from "./routes/emails.js";
import { registerFeedRoutes } from "./routes/feeds.js";
import { registerHeldRoutes } from "./routes/held.js";
import { registerLeadRoutes } from "./routes/leads.js";
import { registerMemberRoutes } from "./routes/members.js";
import { registerPasskeyRoutes } from "./routes/passkeys.js";
import { registerSignInRoutes } from "./routes/sign-in.js";
import { registerSpecialImageRoutes } from "./routes/special-images.js";
import { registerSpecialRoutes } from "./routes/specials.js";
import { registerUnitRoutes } from "./routes/units.js";
import { signInMailer } from "./sign-in-mail.js";
import { refuse, SESSION_PREFIX, type StaffContext, type StaffRouteOptions } from "./staff-context.js";
import { StaffStore } from "./staff-store.js";

export type { StaffRouteOptions } from "./staff-context.js";

const BEARER_PREFIX = "Bearer ";

/**
 * The staff desk's API (the staff edge only): every route is a shared-types STAFF_API entry, registered here
 * behind one check of the session and one of the role's grant (shared-types `allows`), so the desk's pages and
 * anything else that calls them are held to the same rules. Every change is written to the audit log with the change.
 */
export async function registerStaffRoutes(app: FastifyInstance, db: Database, options: StaffRouteOptions) {
  const store = new StaffStore(db, options.now);
  const passkeys = new Passkeys(db, store, relyingPartyOf(options.deskUrl, "Staff desk"), options.now);
  const failures = app.staffAuthFailures;

  await app.register(async (scope) => {
    staffScope(scope);
    // a feed file (text) and a special's image (bytes) come as themselves; each route says how large
    scope.addContentTypeParser(["text/csv", "text/plain"], { parseAs: "string" }, (_request, body, done) =>
      done(null, body),
    );
    scope.addContentTypeParser(
      ["image/jpeg", "image/png", "image/webp", "image/avif", "application/octet-stream"],
      { parseAs: "buffer" },
      (_request, body, done) => done(null, body),
    );
    scope.addHook("onRequest", async (request, reply) => admit(request, reply, { store, failures, options }));

    const link = (token: string) => `${options.deskUrl.replace(/\/$/, "")}/sign-in/link?token=${token}`;
    const context: StaffContext = {
      db,
      store,
      passkeys,
      failures,
      options,
      route: (definition, settings, handler) => {
        scope.route({
          method: definition.method,
          url: definition.path,
          schema: {
            ...(definition.params ? { params: definition.params } : {}),
            ...(definition.query ? { querystring: definition.query } : {}),
            ...(definition.body && !definition.upload ? { body: definition.body } : {}),
          },
          config: { access: definition.access, commandLine: settings.commandLine },
          ...(settings.bodyLimit ? { bodyLimit: settings.bodyLimit } : {}),
          handler: handler as never,
        });
      },
      member: (request) => request.staffMember as StaffMember,
      actor: (request) => request.staffActor as AuditActor,
      refuseUnless: (request, grant, department, what) => {
        if (!allows((request.staffMember as StaffMember).role, grant, department)) {
          throw refuse(403, `Your role does not include ${what}`);
        }
      },
      link,
      mailSignInLink: signInMailer(store, options, link),
    };
    for (const register of [
      registerSignInRoutes,
      registerPasskeyRoutes,
      registerLeadRoutes,
      registerHeldRoutes,
      registerBookingRoutes,
      registerBusinessRoutes,
      registerUnitRoutes,
      registerSpecialRoutes,
      registerSpecialImageRoutes,
      registerFeedRoutes,
      registerMemberRoutes,
      registerAuditRoutes,
      registerVitalsStaffRoutes,
      registerEmailRoutes,
    ]) {
      register(context);
    }
  });
}

/**
 * Lets a request through to its staff route, or refuses it: a sign-in route while the client has failed too often
 * (429); otherwise a live session (401), or the command line's credential where the route takes it, then the
 * route's grant (403). A session that is unknown or over is not a failed sign-in: a stranger's junk cookies cost
 * nobody anything, and a member who is signed in is never held back by what others got wrong.
 */
async function admit(
  request: FastifyRequest,
  reply: FastifyReply,
  { store, failures, options }: { store: StaffStore; failures: FailedAuthentication; options: StaffRouteOptions },
) {
  const config = request.routeOptions.config;
  if (config.access === "signed-out") return holdBack(request, reply, failures);
  const header = request.headers.authorization ?? "";
  if (config.commandLine && header.startsWith(BEARER_PREFIX)) {
    await holdBack(request, reply, failures);
    if (options.cliToken && sameSecret(header.slice(BEARER_PREFIX.length), options.cliToken)) {
      request.staffActor = COMMAND_LINE_ACTOR;
      return;
    }
    await failures.failed(request);
    throw refuse(401, "The command line's credential is not valid: start the API, then run staff:invite again");
  }
  const token = header.startsWith(SESSION_PREFIX) ? header.slice(SESSION_PREFIX.length) : "";
  const member = /^[A-Za-z0-9_-]{43}$/.test(token) ? await store.sessionMember(token) : null;
  if (!member) throw refuse(401, "Your session has ended: please sign in again");
  request.staffMember = member;
  request.staffActor = member;
  if (!config.access || !mayCall(member.role, config.access)) throw refuse(403, "Your role does not include this");
}

/** A client that has failed too many sign-ins waits before it may try again (the Retry-After says how long). */
async function holdBack(request: FastifyRequest, reply: FastifyReply, failures: FailedAuthentication) {
  const wait = await failures.retryAfterS(request);
  if (wait > 0) {
    reply.header("retry-after", String(wait));
    throw refuse(429, `Too many failed sign-ins. Please try again in ${wait} seconds.`);
  }
}
