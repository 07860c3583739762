import { timingSafeEqual } from "node:crypto";
import { stringify } from "csv-stringify/sync";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  type Grant,
  grantsDepartment,
  LEAD_DEPARTMENTS,
  mayRead,
  ROLE_GRANTS,
  STAFF_ROLES,
  type StaffMember,
} from "shared-types";
import { businessDetailsSchema, siteNoticeSchema, weekHoursSchema } from "shared-types/schemas";
import { z } from "zod";
import type { BusinessDetailsStore } from "../business/business-store.js";
import type { Database } from "../db/database.js";
import { departmentOf } from "../delivery/departments.js";
import type { Channel } from "../delivery/outbox.js";
import type { FeedRun } from "../feeds/feed-runs.js";
import type { PhotoStore } from "../feeds/photos.js";
import { HttpError, withSchemas } from "../http-errors.js";
import { findHeld, heldSummary, listHeld, releaseHeld } from "../leads/held-enquiries.js";
import { csvCell } from "../leads/lead-export.js";
import { staffScope } from "../security/edges.js";
import { registerFeedDeskRoutes } from "./feed-desk-routes.js";
import { Passkeys, relyingPartyOf } from "./passkeys.js";
import { registerSpecialRoutes } from "./special-routes.js";
import { StaffStore } from "./staff-store.js";

export interface StaffRouteOptions {
  /** The dealership's details (phones, address, hours, closures): the site's one source. */
  business?: BusinessDetailsStore;
  /** Where staff open the desk: the links in sign-in and invitation emails lead there. */
  deskUrl: string;
  /** Sends one plain-text email to one member (the API's SMTP path); none: links are only printed. */
  sendMail?: (message: { to: string; subject: string; text: string }) => Promise<void>;
  /** The command line's credential (staff:invite): whoever can read the API's data directory. */
  cliToken?: string;
  /** Where a released held enquiry is delivered, and who is told a lead is stored (the delivery worker). */
  held?: { channels: readonly Channel[]; onReleased?: () => void };
  /** The feed's photo pipeline: a special's uploaded image is stored through it. */
  photos?: PhotoStore | null;
  /** Starts a pull of the inventory feed from FEED_URL now (the desk's "run now"); none when no address is set. */
  pullFeedNow?: () => Promise<FeedRun>;
  /** Open minutes a lead may wait unclaimed before its department's manager is told (LEAD_ESCALATION_MINUTES). */
  escalationMinutes?: number;
  now?: () => number;
}

declare module "fastify" {
  interface FastifyRequest {
    staffMember?: StaffMember;
  }
}

const SESSION_PREFIX = "Session ";
const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "a link's or session's token");
const emailSchema = z.email("an email address").max(254);
const leadParams = z.object({ id: z.string().min(1).max(100) });
const ledgerQuery = z.object({
  state: z.enum(["unclaimed", "claimed", "contacted"]).optional(),
  q: z.string().max(100).optional(),
  department: z.enum(["sales", "service", "parts"]).optional(),
});
/** A browser's answer to a passkey ceremony: checked whole by the WebAuthn library; here only its outline. */
const ceremonyAnswer = z.object({
  ceremony: z.uuid("a ceremony's id"),
  response: z.looseObject({ id: z.string().min(1).max(1024), type: z.literal("public-key") }),
});

const refuse = (status: 401 | 403 | 404 | 409 | 429, message: string) =>
  new HttpError(status, {
    error: { 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 409: "Conflict", 429: "Too Many Requests" }[
      status
    ],
    message,
  });

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The staff desk's API (the staff edge only): sign-in by a one-time link, sessions, and what each role may see and
 * do (shared-types staff.ts), checked here on every route, so the desk's pages and anything else that calls them are held to it.
 * Every change is written to the audit log with the change. Failed sign-ins count against the client on every staff
 * route (the admin token's limit).
 */
export async function registerStaffRoutes(app: FastifyInstance, db: Database, options: StaffRouteOptions) {
  const store = new StaffStore(db, options.now);
  const passkeys = new Passkeys(db, store, relyingPartyOf(options.deskUrl, "Staff desk"), options.now);
  const link = (token: string) => `${options.deskUrl.replace(/\/$/, "")}/sign-in/link?token=${token}`;

  await app.register(async (scope) => {
    staffScope(scope);
    const routes = withSchemas(scope);
    const failures = app.staffAuthFailures;

    const holdBack = async (request: FastifyRequest, reply: FastifyReply) => {
      const wait = await failures.retryAfterS(request);
      if (wait > 0) {
        reply.header("retry-after", String(wait));
        throw refuse(429, `Too many failed sign-ins. Please try again in ${wait} seconds.`);
      }
    };
    /** The member whose session the request carries, or 401. */
    const signedIn = async (request: FastifyRequest, reply: FastifyReply) => {
      await holdBack(request, reply);
      const header = request.headers.authorization ?? "";
      const token = header.startsWith(SESSION_PREFIX) ? header.slice(SESSION_PREFIX.length) : "";
      const member = tokenSchema.safeParse(token).success ? await store.sessionMember(token) : null;
      if (!member) {
        await failures.failed(request);
        throw refuse(401, "Your session has ended: please sign in again");
      }
      request.staffMember = member;
    };
    const granted = (grant: Grant) => async (request: FastifyRequest) => {
      const member = request.staffMember as StaffMember;
      if (!ROLE_GRANTS[member.role][grant]) throw refuse(403, "Your role does not include this");
    };
    const member = (request: FastifyRequest) => request.staffMember as StaffMember;
    const guards = { signedIn, member, refuse };
    registerSpecialRoutes(scope, db, store, guards, options.photos);
    registerFeedDeskRoutes(scope, db, app.feeds, store, guards, { pullNow: options.pullFeedNow });

    routes.post(
      "/staff/sign-in/email",
      { schema: { body: z.object({ email: emailSchema }) }, onRequest: holdBack },
      async (request, reply) => {
        const issued = await store.signInLink(request.body.email);
        if (issued && options.sendMail) {
          await options.sendMail({
            to: issued.member.email,
            subject: "Your sign-in link for the staff desk",
            text: `Open this link within 15 minutes to sign in to the staff desk (it works once):\n\n${link(issued.token)}\n\nIf you did not ask for it, you can ignore this email.`,
          });
        }
        request.log.info({ audit: "staff-sign-in-link", known: Boolean(issued) }, "staff sign-in link asked for");
        // the same answer whether the address is a member's or not
        return reply
          .code(202)
          .send({ message: "If that address belongs to a member of staff, a sign-in link is on its way." });
      },
    );

    routes.post(
      "/staff/sign-in/link",
      { schema: { body: z.object({ token: tokenSchema }) }, onRequest: holdBack },
      async (request) => {
        const signed = await store.useLink(request.body.token);
        if (!signed) {
          await failures.failed(request);
          throw refuse(401, "This sign-in link has been used or has expired: ask for a new one");
        }
        request.log.info({ audit: "staff-signed-in", staff: signed.member.id }, "staff member signed in");
        return { session: signed.session, member: signed.member };
      },
    );

    routes.post("/staff/sign-in/passkey-options", { onRequest: holdBack }, async () => passkeys.signInOptions());

    routes.post(
      "/staff/sign-in/passkey",
      { schema: { body: ceremonyAnswer }, onRequest: holdBack },
      async (request) => {
        const { ceremony, response } = request.body;
        const signed = await passkeys.signIn(ceremony, response as never);
        if (!signed) {
          await failures.failed(request);
          throw refuse(401, "That passkey did not sign you in: try again, or ask for a link by email");
        }
        request.log.info({ audit: "staff-signed-in", staff: signed.id, with: "passkey" }, "staff member signed in");
        return { session: await store.startSession(signed), member: signed };
      },
    );

    routes.get("/staff/passkeys", { onRequest: signedIn }, async (request) => ({
      passkeys: await db.query<{ created_at: string; last_used_at: string | null }>(
        "select created_at::text, last_used_at::text from staff_passkeys where staff_id = $1 order by created_at",
        [member(request).id],
      ),
    }));

    routes.post("/staff/passkeys/options", { onRequest: signedIn }, async (request) =>
      passkeys.registrationOptions(member(request)),
    );

    routes.post(
      "/staff/passkeys",
      { onRequest: signedIn, schema: { body: ceremonyAnswer } },
      async (request, reply) => {
        const { ceremony, response } = request.body;
        if (!(await passkeys.register(member(request), ceremony, response as never))) {
          throw new HttpError(400, { error: "Bad Request", message: "This passkey could not be added: try again" });
        }
        return reply.code(201).send({ added: true });
      },
    );

    routes.post("/staff/sign-out", { onRequest: signedIn }, async (request, reply) => {
      const header = request.headers.authorization ?? "";
      await store.endSession(header.slice(SESSION_PREFIX.length));
      return reply.code(204).send();
    });

    routes.get("/staff/me", { onRequest: signedIn }, async (request) => ({
      member: member(request),
      grants: ROLE_GRANTS[member(request).role],
    }));

    routes.get(
      "/staff/leads",
      {
        onRequest: signedIn,
        schema: {
          querystring: ledgerQuery,
        },
      },
      async (request) => {
        const allowed = ROLE_GRANTS[member(request).role].leads as readonly string[];
        if (allowed.length === 0) throw refuse(403, "Your role does not include leads");
        const { department, state, q } = request.query;
        if (department && !allowed.includes(department))
          throw refuse(403, `Your role does not include ${department} leads`);
        const departments = department ? [department] : allowed;
        const [leads, speed] = await Promise.all([
          store.ledger({ departments, state, text: q }),
          store.speedToLead(departments),
        ]);
        return { leads, speed };
      },
    );

    const LEDGER_COLUMNS = [
      "id",
      "received_at",
      "form",
      "department",
      "name",
      "email",
      "phone",
      "deliveries",
      "claimed_by",
      "claimed_at",
      "contacted_at",
    ] as const;
    routes.get(
      "/staff/leads.csv",
      { onRequest: signedIn, schema: { querystring: ledgerQuery } },
      async (request, reply) => {
        const allowed = ROLE_GRANTS[member(request).role].leads as readonly string[];
        if (allowed.length === 0) throw refuse(403, "Your role does not include leads");
        const { department, state, q } = request.query;
        if (department && !allowed.includes(department))
          throw refuse(403, `Your role does not include ${department} leads`);
        const leads = await store.ledger({
          departments: department ? [department] : allowed,
          state,
          text: q,
          limit: 10_000,
        });
        const rows = leads.map((lead) =>
          LEDGER_COLUMNS.map((column) =>
            csvCell(
              column === "deliveries"
                ? lead.deliveries.map((d) => `${d.channel}: ${d.status}`).join("; ")
                : (lead[column] ?? ""),
            ),
          ),
        );
        await store.audit(db, member(request), "leads.export", "leads", null, {
          rows: rows.length,
          state,
          q,
          department,
        });
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`)
          .header("cache-control", "no-store")
          .send(stringify([[...LEDGER_COLUMNS], ...rows]));
      },
    );

    for (const [path, action] of [
      ["claim", "claim"],
      ["contacted", "contacted"],
    ] as const) {
      routes.post(
        `/staff/leads/:id/${path}`,
        { onRequest: signedIn, schema: { params: leadParams } },
        async (request) => {
          const by = member(request);
          const [lead] = await db.query<{ form: string }>("select form from leads where id = $1", [request.params.id]);
          if (!lead) throw refuse(404, "No such lead");
          if (!mayRead(by.role, departmentOf(lead.form))) throw refuse(403, "This lead is another department's");
          const outcome =
            action === "claim"
              ? await store.claim(request.params.id, by)
              : await store.markContacted(request.params.id, by);
          if (outcome === "taken") throw refuse(409, "Someone else has claimed this lead");
          if (outcome === "missing") throw refuse(404, "No such lead");
          return { outcome };
        },
      );
    }

    const heldDepartment = (fields: Record<string, unknown>) =>
      departmentOf(typeof fields.form === "string" ? fields.form : "");
    routes.get("/staff/held", { onRequest: signedIn }, async (request) => {
      const allowed = ROLE_GRANTS[member(request).role].leads as readonly string[];
      if (allowed.length === 0) throw refuse(403, "Your role does not include leads");
      return {
        held: (await listHeld(db))
          .filter((held) => allowed.includes(heldDepartment(held.fields)))
          .map((held) => ({
            id: held.id,
            reason: held.reason,
            received_at: held.received_at,
            department: heldDepartment(held.fields),
            summary: heldSummary(held),
          })),
      };
    });

    for (const action of ["release", "discard"] as const) {
      routes.post(
        `/staff/held/:id/${action}`,
        { onRequest: signedIn, schema: { params: leadParams } },
        async (request) => {
          const by = member(request);
          const held = await findHeld(db, request.params.id);
          if (!held || held.released_at) throw refuse(404, "No held enquiry here: released or discarded already");
          if (!mayRead(by.role, heldDepartment(held.fields))) {
            throw refuse(403, "This enquiry is another department's");
          }
          const before = Object.fromEntries(heldSummary(held));
          if (action === "release") {
            if (!options.held) throw refuse(404, "Held enquiries are not delivered by this API");
            const outcome = await releaseHeld(db, held.id, options.held.channels);
            await store.audit(db, by, "held.release", `lead:${held.id}`, before, { released: outcome });
            if (outcome === "released") options.held.onReleased?.();
            return { outcome };
          }
          await db.transaction(async (tx) => {
            await tx.query("delete from quarantined_leads where id = $1 and released_at is null", [held.id]);
            await store.audit(tx, by, "held.discard", `lead:${held.id}`, before, null);
          });
          return { outcome: "discarded" };
        },
      );
    }

    /** All the details for whoever sets them; a department's hours are set by its manager too (ROLE_GRANTS hours). */
    const readsBusiness = async (request: FastifyRequest) => {
      const grants = ROLE_GRANTS[member(request).role];
      if (!grants.business && grants.hours.length === 0) throw refuse(403, "Your role does not include this");
    };
    routes.get("/staff/business", { onRequest: [signedIn, readsBusiness] }, async () => {
      if (!options.business) throw refuse(404, "The dealership's details are not kept by this API");
      return options.business.get();
    });
    routes.put(
      "/staff/business/hours/:department",
      {
        onRequest: signedIn,
        schema: { params: z.object({ department: z.enum(LEAD_DEPARTMENTS) }), body: weekHoursSchema },
      },
      async (request) => {
        const { department } = request.params;
        if (!grantsDepartment(member(request).role, "hours", department)) {
          throw refuse(403, `Your role does not include the ${department} hours`);
        }
        if (!options.business) throw refuse(404, "The dealership's details are not kept by this API");
        const before = await options.business.get();
        const saved = await options.business.set({ ...before, hours: { ...before.hours, [department]: request.body } });
        await store.audit(
          db,
          member(request),
          "business.hours",
          `hours:${department}`,
          before.hours[department],
          saved.hours[department],
        );
        return saved;
      },
    );
    routes.put(
      "/staff/business",
      { onRequest: [signedIn, granted("business")], schema: { body: businessDetailsSchema } },
      async (request) => {
        if (!options.business) throw refuse(404, "The dealership's details are not kept by this API");
        const before = await options.business.get();
        const saved = await options.business.set(request.body);
        await store.audit(db, member(request), "business.update", "business-details", before, saved);
        return saved;
      },
    );

    routes.get("/staff/site-notice", { onRequest: [signedIn, granted("texts")] }, async () => {
      if (!options.business) throw refuse(404, "The dealership's details are not kept by this API");
      return { notice: (await options.business.get()).notice ?? null };
    });
    /** Marketing's notice at the top of every page: set, changed, or taken down (null); the pages are purged. */
    routes.put(
      "/staff/site-notice",
      {
        onRequest: [signedIn, granted("texts")],
        schema: { body: z.object({ notice: z.nullable(siteNoticeSchema) }) },
      },
      async (request) => {
        if (!options.business) throw refuse(404, "The dealership's details are not kept by this API");
        const before = await options.business.get();
        const saved = await options.business.set({ ...before, notice: request.body.notice });
        await store.audit(
          db,
          member(request),
          "site.notice",
          "site-notice",
          before.notice ?? null,
          saved.notice ?? null,
        );
        return { notice: saved.notice ?? null };
      },
    );

    const unitParams = z.object({ stock: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, "a stock number") });
    routes.get(
      "/staff/units",
      {
        onRequest: [signedIn, granted("units")],
        schema: { querystring: z.object({ q: z.string().max(60).default("") }) },
      },
      async (request) => ({ units: request.query.q ? await store.findUnits(request.query.q) : [] }),
    );
    routes.get(
      "/staff/units/:stock",
      { onRequest: [signedIn, granted("units")], schema: { params: unitParams } },
      async (request) => {
        const unit = await store.unit(request.params.stock);
        if (!unit) throw refuse(404, `No unit ${request.params.stock}`);
        return unit;
      },
    );
    routes.post(
      "/staff/units/:stock",
      {
        onRequest: [signedIn, granted("units")],
        schema: {
          params: unitParams,
          body: z
            .object({
              sale_price: z.number().int().min(0).max(10_000_000).optional(),
              status: z.enum(["available", "sale_pending", "sold"]).optional(),
              hidden: z.boolean().optional(),
              reason: z.string().trim().min(3, "say why (at least 3 characters)").max(200),
            })
            .refine(
              (change) => change.sale_price !== undefined || change.status !== undefined || change.hidden !== undefined,
              "nothing to change",
            ),
        },
      },
      async (request) => {
        const unit = await store.overrideUnit(request.params.stock, request.body, member(request));
        if (!unit) throw refuse(404, `No unit ${request.params.stock}`);
        return unit;
      },
    );
    routes.post(
      "/staff/units/:stock/clear",
      { onRequest: [signedIn, granted("units")], schema: { params: unitParams } },
      async (request) => {
        const unit = await store.clearOverride(request.params.stock, member(request));
        if (!unit) throw refuse(404, `No unit ${request.params.stock}`);
        return unit;
      },
    );

    routes.get("/staff/audit", { onRequest: [signedIn, granted("audit")] }, async () => ({
      entries: await store.auditLog(),
    }));

    routes.get("/staff/members", { onRequest: [signedIn, granted("staff")] }, async () => ({
      members: await store.members(),
    }));

    /** An invitation: by an admin on the desk, or by staff:invite with the command line's credential. */
    const inviter = async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers.authorization ?? "";
      if (options.cliToken && header.startsWith("Bearer ") && sameToken(header.slice(7), options.cliToken)) return;
      await signedIn(request, reply);
      await granted("staff")(request);
    };
    routes.post(
      "/staff/members",
      {
        onRequest: inviter,
        schema: { body: z.object({ email: emailSchema, role: z.enum(STAFF_ROLES) }) },
      },
      async (request) => {
        const invited = await store.invite(request.body.email, request.body.role, request.staffMember ?? null);
        const enrol = link(invited.token);
        if (options.sendMail && request.staffMember) {
          await options.sendMail({
            to: invited.member.email,
            subject: "You are invited to the staff desk",
            text: `${request.staffMember.email} has invited you to the dealership's staff desk. Open this link within 7 days to sign in (it works once):\n\n${enrol}`,
          });
        }
        return { member: invited.member, link: enrol };
      },
    );
  });
}
