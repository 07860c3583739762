import type { FastifyInstance, FastifyReply } from "fastify";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { z } from "zod";
import type { Database } from "../db/database.js";
import type { Channel } from "../delivery/outbox.js";
import { withSchemas } from "../http-errors.js";
import { ADMIN_RATE_LIMIT, registerAdminRoutes } from "../security/admin-routes.js";
import { HELD_RELEASE_TOKEN_PATTERN, verifyHeldReleaseToken } from "../security/signing.js";
import { RELEASE_LINK_ACTOR } from "../staff/audit.js";
import { findHeld, heldSummary, releaseHeld } from "./held-enquiries.js";

export interface HeldRouteOptions {
  signingSecret: Buffer;
  deliveryChannels: readonly Channel[];
  /** Sends the sales desk the digest of held submissions now (staff asking for it). */
  sendDigest?: () => Promise<{ sent: number } | null>;
  /** Told once a released submission is committed as a lead, so its deliveries go out now. */
  onLeadStored?: () => void;
}

const paramsSchema = z.object({ id: z.uuid() });
const tokenSchema = z.object({ token: z.string().regex(HELD_RELEASE_TOKEN_PATTERN, "the token of a release link") });

/**
 * A page for the sales desk, not the public site: plain HTML (no script, no style), its own policy (it may post its
 * form to itself, nothing else), never cached, never indexed. React writes every value into it, escaped once.
 */
function staffPage(reply: FastifyReply, status: number, title: string, body: ReactNode) {
  const page = renderToStaticMarkup(
    <html lang="en-CA">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body>
        <h1>{title}</h1>
        {body}
      </body>
    </html>,
  );
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-robots-tag", "noindex")
    .header(
      "content-security-policy",
      "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    .send(`<!doctype html>${page}`);
}

/** A link that carries no valid token, or names nothing held, says the same: nothing to release here. */
const notFound = (reply: FastifyReply) =>
  staffPage(reply, 404, "No held enquiry here", <p>This link is not valid, or the enquiry was deleted.</p>);

/** A release link past its time (HELD_RELEASE_LINK_DAYS): the next digest carries a fresh one. */
const expired = (reply: FastifyReply) =>
  staffPage(
    reply,
    410,
    "This link has expired",
    <p>Release links work for 14 days. The enquiry is still held: the next daily digest has a new link for it.</p>,
  );

/** The held submission's fields, a row each. */
function HeldSummary({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <table>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th align="left">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The digest's release links. GET shows the held submission and a button (mail scanners open links: opening one
 * releases nothing); POST, from that page, releases it into normal delivery.
 */
export async function registerHeldRoutes(app: FastifyInstance, db: Database, options: HeldRouteOptions) {
  await app.register(async (held) => {
    // the release page's button posts a plain form
    held.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    const check = (id: string, token: string) => verifyHeldReleaseToken(options.signingSecret, id, token);
    const routes = withSchemas(held);

    routes.get(
      "/leads/held/:id",
      { config: { edge: "staff" }, schema: { params: paramsSchema, querystring: tokenSchema } },
      async (request, reply) => {
        const { token } = request.query;
        const { id } = request.params;
        const verdict = check(id, token);
        if (verdict === "expired") return expired(reply);
        const enquiry = verdict === "valid" ? await findHeld(db, id) : null;
        if (!enquiry) return notFound(reply);
        const summary = <HeldSummary rows={heldSummary(enquiry)} />;
        if (enquiry.released_at) {
          return staffPage(
            reply,
            200,
            "Already released",
            <>
              <p>This enquiry was released on {enquiry.released_at} and delivered as a lead.</p>
              {summary}
            </>,
          );
        }
        return staffPage(
          reply,
          200,
          "Held enquiry: possible spam",
          <>
            {summary}
            <form method="post">
              <input type="hidden" name="token" value={token} />
              <p>
                <button type="submit">Not spam: release it to the desk and the CRM</button>
              </p>
            </form>
          </>,
        );
      },
    );

    routes.post(
      "/leads/held/:id",
      { config: { edge: "staff" }, schema: { params: paramsSchema, body: tokenSchema } },
      async (request, reply) => {
        // from the release page itself: another site cannot release anything for a desk that follows its link
        const fetchSite = request.headers["sec-fetch-site"];
        if (typeof fetchSite === "string" && fetchSite !== "same-origin") return notFound(reply);
        const { token } = request.body;
        const { id } = request.params;
        const verdict = check(id, token);
        if (verdict === "expired") return expired(reply);
        if (verdict !== "valid") return notFound(reply);
        const outcome = await releaseHeld(db, id, options.deliveryChannels, RELEASE_LINK_ACTOR);
        if (outcome === "missing") return notFound(reply);
        if (outcome === "released") {
          request.log.info({ audit: "held-enquiry-released", leadId: id }, "held enquiry released");
          options.onLeadStored?.();
        }
        return staffPage(
          reply,
          200,
          outcome === "released" ? "Released" : "Already released",
          <p>
            The enquiry is delivered as a lead: to its desk and to the CRM, as if it had been accepted when it was sent.
          </p>,
        );
      },
    );
  });

  await registerAdminRoutes(app, (admin) => {
    // the digest on demand, whatever the schedule says (staff, and the tests)
    admin.post("/leads/held/digest", { config: ADMIN_RATE_LIMIT }, async (request) => {
      const result = (await options.sendDigest?.()) ?? { sent: 0 };
      request.log.info({ audit: "held-digest-sent", sent: result.sent }, "held enquiries digest sent");
      return result;
    });
  });
}
