import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import fastifyMultipart from "@fastify/multipart";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { registerSecurityHeaders, requestForLog, timeLimitOptions } from "server-kit";
import { z } from "zod";
import { type Closure, withForm } from "./business-form.js";
import { ApiRefusal, type DeskApi, deskApi, type Grants, type Member } from "./desk-api.js";
import type { DeskContext } from "./desk-context.js";
import { AccountPage } from "./pages/account.js";
import { AuditPage } from "./pages/audit.js";
import { BusinessPage } from "./pages/business.js";
import { HeldPage } from "./pages/held.js";
import { LeadsPage } from "./pages/leads.js";
import { RefusedPage, UnavailablePage } from "./pages/refused.js";
import { LinkPage, SignInPage } from "./pages/sign-in.js";
import { StaffPage } from "./pages/staff.js";
import { UnitPage, UnitsPage } from "./pages/units.js";
import { registerFeedPages } from "./routes/feeds.js";
import { registerHoursPages } from "./routes/hours.js";
import { registerSpecialPages } from "./routes/specials.js";
import { registerTextPages } from "./routes/texts.js";

/** The largest file the desk takes: a feed of the whole stock (a special's image is held to less by the API). */
const FEED_FILE_MAX_BYTES = 64 * 1024 * 1024;

export interface DeskOptions {
  /** The API's staff listener (API_STAFF_ORIGIN). */
  apiOrigin: string;
  logLevel?: string;
  /** Which proxies' X-Forwarded-* to believe (Fastify trustProxy syntax). */
  trustProxy?: string | boolean;
  /** The largest file the desk takes (a feed, an image); none: 64 MB. */
  maxFileBytes?: number;
}

/** The member's session, in a cookie no script can read and no other site can make the browser send. */
export const SESSION_COOKIE = "desk_session";
const STYLES = readFileSync(new URL("../src/desk.css", import.meta.url), "utf8");
const PASSKEY_SCRIPT = readFileSync(new URL("../public/passkey.js", import.meta.url), "utf8");
/** @simplewebauthn/browser's own bundle (a global, SimpleWebAuthnBrowser): the desk has no build step of its own. */
const WEBAUTHN_SCRIPT = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve("@simplewebauthn/browser")), "../dist/bundle/index.umd.min.js"),
  "utf8",
);

const stateSchema = z.enum(["unclaimed", "claimed", "contacted"]).optional().catch(undefined);
/** Where an action returns to: a desk page, never another site. */
const returnPath = (value: unknown, fallback: string) =>
  typeof value === "string" && /^\/[a-z]/.test(value) && !value.startsWith("//") ? value : fallback;

/**
 * Team desk's server: the staff desk's pages, rendered here, their forms posting back and redirecting (post,
 * redirect, get), so every page works without scripts. It holds no data and decides nothing: each page asks the
 * API's staff routes with the member's session, and the API says what the member's role may see and do.
 */
export async function buildDesk(options: DeskOptions): Promise<FastifyInstance> {
  const api: DeskApi = deskApi(options.apiOrigin);
  const app = Fastify({
    logger: { level: options.logLevel ?? "warn", serializers: { req: requestForLog } },
    trustProxy: options.trustProxy ?? "loopback",
    ...timeLimitOptions(),
  });
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      styleSrc: ["'self'"],
      scriptSrc: ["'self'"],
      imgSrc: ["'self'"],
      connectSrc: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
    },
    crossOriginResourcePolicy: "same-origin",
  });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store").header("x-robots-tag", "noindex");
  });
  // a form is posted from the desk's own pages only (the session cookie is SameSite=Strict as well)
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "POST") return;
    const site = request.headers["sec-fetch-site"];
    const origin = request.headers.origin;
    const own = `${request.protocol}://${request.host}`;
    const fromHere = typeof site === "string" ? site === "same-origin" : !origin || origin === own;
    if (!fromHere) return reply.code(403).type("text/plain").send("Forms are sent from the staff desk's own pages");
  });

  // the API down or too slow: the desk says so (503), never a bare error; the request is logged
  app.setErrorHandler((error, request, reply) => {
    // a file over the desk's limit (a feed of 64 MB): said as such, not as the API being away
    if ((error as { statusCode?: number }).statusCode === 413) {
      return reply
        .code(413)
        .type("text/html; charset=utf-8")
        .send(
          `<!doctype html>${renderToStaticMarkup(UnavailablePage({ title: "The file is too large", text: `This file is too large for the desk (${Math.round((options.maxFileBytes ?? FEED_FILE_MAX_BYTES) / 1024 / 1024)} MB at most). Go back and choose a smaller one.` }))}`,
        );
    }
    request.log.error({ err: error }, "the desk could not answer");
    const text = "The staff desk cannot reach the dealership's data just now. Please try again in a minute.";
    if (request.url.startsWith("/passkey/")) return reply.code(503).send({ message: text });
    return reply
      .code(503)
      .type("text/html; charset=utf-8")
      .send(`<!doctype html>${renderToStaticMarkup(UnavailablePage({ text }))}`);
  });

  const page = (reply: FastifyReply, element: ReactElement, status = 200) =>
    reply
      .code(status)
      .type("text/html; charset=utf-8")
      .send(`<!doctype html>${renderToStaticMarkup(element)}`);
  const sessionOf = (request: FastifyRequest) => request.cookies[SESSION_COOKIE] ?? "";
  const setSession = (request: FastifyRequest, reply: FastifyReply, value: string) =>
    reply.setCookie(SESSION_COOKIE, value, {
      path: "/",
      httpOnly: true,
      sameSite: "strict",
      secure: request.protocol === "https",
    });

  /** The signed-in member (the API checks the session on every call), or a redirect to sign in. */
  const signedIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ session: string; member: Member; grants: Grants } | null> => {
    const session = sessionOf(request);
    if (!session) {
      await reply.redirect("/sign-in", 303);
      return null;
    }
    try {
      return { session, ...(await api.me(session)) };
    } catch (error) {
      if (error instanceof ApiRefusal && error.status === 401) {
        reply.clearCookie(SESSION_COOKIE, { path: "/" });
        await reply.redirect("/sign-in?ended=1", 303);
        return null;
      }
      throw error;
    }
  };
  /** Renders what the API refused (its reason), as the member's own page. */
  const refused = (reply: FastifyReply, who: { member: Member; grants: Grants }, error: unknown) => {
    if (error instanceof ApiRefusal && error.status === 403) {
      return page(reply, RefusedPage({ signedIn: who, reason: error.message }), 403);
    }
    throw error;
  };

  const desk: DeskContext = { api, page, signedIn, refused };
  const maxFileBytes = options.maxFileBytes ?? FEED_FILE_MAX_BYTES;
  await app.register(fastifyMultipart, { limits: { files: 1, fileSize: maxFileBytes, fields: 20 } });
  registerSpecialPages(app, desk);
  registerHoursPages(app, desk);
  registerFeedPages(app, desk);
  registerTextPages(app, desk);

  app.get("/desk.css", async (_request, reply) => reply.type("text/css; charset=utf-8").send(STYLES));
  app.get("/passkey.js", async (_request, reply) => reply.type("text/javascript; charset=utf-8").send(PASSKEY_SCRIPT));
  app.get("/vendor/webauthn.js", async (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").send(WEBAUTHN_SCRIPT),
  );

  /** A passkey ceremony's JSON: the API's answer, or its refusal with its reason. */
  const ceremony = async (reply: FastifyReply, call: () => Promise<unknown>) => {
    try {
      return reply.send(await call());
    } catch (error) {
      if (error instanceof ApiRefusal && error.status < 500)
        return reply.code(error.status).send({ message: error.message });
      throw error;
    }
  };
  app.post("/passkey/sign-in-options", async (_request, reply) => ceremony(reply, () => api.passkeySignInOptions()));
  app.post("/passkey/sign-in", async (request, reply) =>
    ceremony(reply, async () => {
      const { session } = await api.signInWithPasskey(request.body);
      setSession(request, reply, session);
      return { location: "/" };
    }),
  );
  app.post("/passkey/register-options", async (request, reply) =>
    ceremony(reply, () => api.passkeyOptions(sessionOf(request))),
  );
  app.post("/passkey/register", async (request, reply) =>
    ceremony(reply, () => api.addPasskey(sessionOf(request), request.body)),
  );
  app.get("/healthz", async () => ({ ok: true }));

  app.get("/sign-in", async (request, reply) => {
    const query = request.query as { sent?: string; ended?: string };
    return page(
      reply,
      SignInPage({
        sent: query.sent === "1",
        refused: query.ended === "1" ? "Your session has ended: please sign in again." : undefined,
      }),
    );
  });
  app.post("/sign-in", async (request, reply) => {
    const email = String((request.body as { email?: unknown })?.email ?? "").trim();
    try {
      await api.askForLink(email);
      return reply.redirect("/sign-in?sent=1", 303);
    } catch (error) {
      if (error instanceof ApiRefusal && error.status < 500) {
        const reason = error.status === 400 ? "Enter your work email address, like name@example.com." : error.message;
        return page(reply, SignInPage({ refused: reason, email }), error.status === 429 ? 429 : 400);
      }
      throw error;
    }
  });
  app.get("/sign-in/link", async (request, reply) => {
    const token = String((request.query as { token?: unknown }).token ?? "");
    return page(reply, LinkPage({ token }));
  });
  app.post("/sign-in/link", async (request, reply) => {
    const token = String((request.body as { token?: unknown })?.token ?? "");
    try {
      const { session } = await api.signInWithLink(token);
      setSession(request, reply, session);
      return reply.redirect("/", 303);
    } catch (error) {
      if (error instanceof ApiRefusal && error.status < 500) {
        const reason =
          error.status === 429 ? error.message : "This sign-in link has been used or has expired: ask for a new one.";
        return page(reply, SignInPage({ refused: reason }), error.status === 429 ? 429 : 401);
      }
      throw error;
    }
  });
  app.post("/sign-out", async (request, reply) => {
    const session = sessionOf(request);
    if (session) await api.signOut(session).catch(() => undefined);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return reply.redirect("/sign-in", 303);
  });

  app.get("/", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    if (who.grants.leads.length > 0) return reply.redirect("/leads", 303);
    if (who.grants.specials.length > 0) return reply.redirect("/specials", 303);
    if (who.grants.staff) return reply.redirect("/staff", 303);
    return page(reply, RefusedPage({ signedIn: who, reason: "No list on the desk is part of your role yet." }));
  });

  app.get("/leads", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const raw = request.query as { state?: string; q?: string; done?: string; refused?: string };
    const query = { state: stateSchema.parse(raw.state), q: typeof raw.q === "string" ? raw.q.slice(0, 100) : "" };
    const asked = new URLSearchParams(Object.entries(query).filter(([, value]) => value) as [string, string][]);
    try {
      const { leads, speed } = await api.leads(who.session, asked);
      const notice = raw.done
        ? { kind: "done" as const, text: raw.done === "claim" ? "Claimed: the lead is yours." : "Marked contacted." }
        : raw.refused
          ? { kind: "refused" as const, text: raw.refused.slice(0, 200) }
          : undefined;
      return page(reply, LeadsPage({ signedIn: who, leads, speed, query, notice }));
    } catch (error) {
      return refused(reply, who, error);
    }
  });
  app.get("/leads.csv", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const raw = request.query as { state?: string; q?: string };
    const asked = new URLSearchParams();
    const state = stateSchema.parse(raw.state);
    if (state) asked.set("state", state);
    if (typeof raw.q === "string" && raw.q) asked.set("q", raw.q.slice(0, 100));
    try {
      const csv = await api.leadsCsv(who.session, asked);
      return reply.type("text/csv; charset=utf-8").header("content-disposition", csv.disposition).send(csv.body);
    } catch (error) {
      return refused(reply, who, error);
    }
  });
  for (const action of ["claim", "contacted"] as const) {
    app.post(`/leads/:id/${action}`, async (request, reply) => {
      const who = await signedIn(request, reply);
      if (!who) return reply;
      const { id } = request.params as { id: string };
      const back = returnPath((request.body as { return_to?: unknown })?.return_to, "/leads");
      const join = back.includes("?") ? "&" : "?";
      try {
        await (action === "claim" ? api.claim(who.session, id) : api.contacted(who.session, id));
        return reply.redirect(`${back}${join}done=${action}`, 303);
      } catch (error) {
        if (error instanceof ApiRefusal && error.status === 409) {
          return reply.redirect(`${back}${join}refused=${encodeURIComponent(error.message)}`, 303);
        }
        return refused(reply, who, error);
      }
    });
  }

  app.get("/held", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const raw = request.query as { done?: string; refused?: string };
    const notice =
      raw.done === "release"
        ? { kind: "done" as const, text: "Released: it is delivered to its desk and the CRM." }
        : raw.done === "discard"
          ? { kind: "done" as const, text: "Discarded." }
          : raw.refused
            ? { kind: "refused" as const, text: raw.refused.slice(0, 200) }
            : undefined;
    try {
      return page(reply, HeldPage({ signedIn: who, held: (await api.held(who.session)).held, notice }));
    } catch (error) {
      return refused(reply, who, error);
    }
  });
  for (const action of ["release", "discard"] as const) {
    app.post(`/held/:id/${action}`, async (request, reply) => {
      const who = await signedIn(request, reply);
      if (!who) return reply;
      const { id } = request.params as { id: string };
      try {
        await (action === "release" ? api.release(who.session, id) : api.discard(who.session, id));
        return reply.redirect(`/held?done=${action}`, 303);
      } catch (error) {
        if (error instanceof ApiRefusal && error.status === 404) {
          return reply.redirect(`/held?refused=${encodeURIComponent(error.message)}`, 303);
        }
        return refused(reply, who, error);
      }
    });
  }

  const BUSINESS_DONE: Record<string, string> = {
    saved: "Saved: the site shows the new details now.",
    closure: "Closure added: the site shows it now.",
    removed: "Closure removed.",
  };
  app.get("/business", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    // a department's manager reads the details to set its hours, on a page of their own
    if (!who.grants.business && who.grants.hours.length > 0) return reply.redirect("/hours", 303);
    const done = BUSINESS_DONE[(request.query as { done?: string }).done ?? ""];
    try {
      const details = await api.business(who.session);
      return page(
        reply,
        BusinessPage({ signedIn: who, details, notice: done ? { kind: "done", text: done } : undefined }),
      );
    } catch (error) {
      return refused(reply, who, error);
    }
  });
  /** Saves changed details, or shows the form again as typed with the reasons. */
  const saveBusiness = async (
    reply: FastifyReply,
    who: { session: string; member: Member; grants: Grants },
    change: (details: Awaited<ReturnType<DeskApi["business"]>>) => { details: typeof details; problems: string[] },
    done: string,
  ) => {
    // the API holds every change to this; a manager who may read the details (for their hours) is told at once
    if (!who.grants.business) return refused(reply, who, new ApiRefusal(403, "Your role does not include this"));
    try {
      const { details, problems } = change(await api.business(who.session));
      if (problems.length === 0) {
        try {
          await api.saveBusiness(who.session, details);
          return reply.redirect(`/business?done=${done}`, 303);
        } catch (error) {
          if (!(error instanceof ApiRefusal && error.status === 400)) throw error;
          problems.push(error.message);
        }
      }
      return page(
        reply,
        BusinessPage({ signedIn: who, details, notice: { kind: "refused", text: problems.join(". ") } }),
        400,
      );
    } catch (error) {
      return refused(reply, who, error);
    }
  };
  app.post("/business", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    return saveBusiness(
      reply,
      who,
      (current) => withForm(current, (request.body ?? {}) as Record<string, unknown>),
      "saved",
    );
  });
  app.post("/business/closures", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const departments = ([] as unknown[]).concat(body.departments ?? []).map(String) as Closure["departments"];
    const closure: Closure = {
      from: String(body.from ?? ""),
      to: String(body.to ?? ""),
      note: String(body.note ?? "").trim(),
      departments,
    };
    return saveBusiness(
      reply,
      who,
      (current) => {
        const problems = [];
        if (!closure.from || !closure.to) problems.push("Enter the first and last days closed");
        else if (closure.to < closure.from) problems.push("The last day closed is before the first");
        if (!closure.note) problems.push("Say why, as visitors will read it (Christmas, say)");
        if (departments.length === 0) problems.push("Choose at least one department");
        return { details: { ...current, closures: [...(current.closures ?? []), closure] }, problems };
      },
      "closure",
    );
  });
  app.post("/business/closures/remove", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const index = Number((request.body as { index?: unknown })?.index);
    return saveBusiness(
      reply,
      who,
      (current) => ({
        details: { ...current, closures: (current.closures ?? []).filter((_, i) => i !== index) },
        problems: [],
      }),
      "removed",
    );
  });

  app.get("/units", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const query = String((request.query as { q?: unknown }).q ?? "").slice(0, 60);
    try {
      const { units } = await api.units(who.session, query);
      return page(reply, UnitsPage({ signedIn: who, query, units }));
    } catch (error) {
      return refused(reply, who, error);
    }
  });
  app.get("/units/:stock", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const { stock } = request.params as { stock: string };
    const done = (request.query as { done?: string }).done;
    try {
      const unit = await api.unit(who.session, stock);
      const notice =
        done === "saved"
          ? { kind: "done" as const, text: "Saved: the site shows it now." }
          : done === "cleared"
            ? { kind: "done" as const, text: "Cleared: the next feed import sets its price and status." }
            : undefined;
      return page(reply, UnitPage({ signedIn: who, unit, notice }));
    } catch (error) {
      if (error instanceof ApiRefusal && error.status === 404) return reply.redirect("/units", 303);
      return refused(reply, who, error);
    }
  });
  app.post("/units/:stock", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const { stock } = request.params as { stock: string };
    const body = (request.body ?? {}) as Record<string, unknown>;
    const typed = {
      sale_price: String(body.sale_price ?? "").trim(),
      status: String(body.status ?? ""),
      hidden: body.hidden === "on",
      reason: String(body.reason ?? "").trim(),
    };
    const price = Number(typed.sale_price.replace(/[$,\s]/g, ""));
    try {
      const unit = await api.unit(who.session, stock);
      if (!Number.isInteger(price) || price < 0) {
        const notice = { kind: "refused" as const, text: "Enter the sale price in whole dollars, like 84990." };
        return page(reply, UnitPage({ signedIn: who, unit, notice, typed }), 400);
      }
      try {
        await api.changeUnit(who.session, stock, {
          ...(price !== unit.sale_price ? { sale_price: price } : {}),
          ...(typed.status !== unit.status ? { status: typed.status } : {}),
          ...(typed.hidden !== unit.hidden ? { hidden: typed.hidden } : {}),
          reason: typed.reason,
        });
        return reply.redirect(`/units/${encodeURIComponent(stock)}?done=saved`, 303);
      } catch (error) {
        if (!(error instanceof ApiRefusal && error.status === 400)) throw error;
        const text =
          typed.reason.length < 3
            ? "Say why (at least 3 characters): it is kept with the change."
            : "Change the price, the status or the visibility, and say why.";
        return page(reply, UnitPage({ signedIn: who, unit, notice: { kind: "refused", text }, typed }), 400);
      }
    } catch (error) {
      return refused(reply, who, error);
    }
  });
  app.post("/units/:stock/clear", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const { stock } = request.params as { stock: string };
    try {
      await api.clearUnit(who.session, stock);
      return reply.redirect(`/units/${encodeURIComponent(stock)}?done=cleared`, 303);
    } catch (error) {
      return refused(reply, who, error);
    }
  });

  app.get("/account", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const { passkeys } = await api.passkeys(who.session);
    const added = (request.query as { added?: string }).added === "1";
    return page(reply, AccountPage({ signedIn: who, passkeys: passkeys.length, added }));
  });

  app.get("/audit", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    try {
      return page(reply, AuditPage({ signedIn: who, entries: (await api.audit(who.session)).entries }));
    } catch (error) {
      return refused(reply, who, error);
    }
  });

  app.get("/staff", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    try {
      return page(reply, StaffPage({ signedIn: who, members: (await api.members(who.session)).members }));
    } catch (error) {
      return refused(reply, who, error);
    }
  });
  app.post("/staff", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const body = (request.body ?? {}) as { email?: unknown; role?: unknown };
    const typed = { email: String(body.email ?? "").trim(), role: String(body.role ?? "") };
    try {
      const invited = await api.invite(who.session, typed.email, typed.role);
      const { members } = await api.members(who.session);
      return page(
        reply,
        StaffPage({ signedIn: who, members, invited: { email: invited.member.email, link: invited.link } }),
      );
    } catch (error) {
      if (error instanceof ApiRefusal && error.status === 400) {
        const { members } = await api.members(who.session);
        const reason = "Enter their work email address (like name@example.com) and choose a role.";
        return page(reply, StaffPage({ signedIn: who, members, refused: reason, typed }), 400);
      }
      return refused(reply, who, error);
    }
  });

  return app;
}
