import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { FORM_FIELD, type FormOutcome, formOwner } from "remote-kit/protocol";
import { REMOTE_NAMES, type RemoteName } from "shared-types";
import { pathOf, sentFromThisSite } from "../public-edge";
import { setRemoteCookies, visitorCookies } from "../visitor-cookies";

/** A short page for a form the site will not take, with the way back. */
function refusal(message: string): string {
  return `<!doctype html><html lang="en-CA"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Your message was not sent</title><h1>Your message was not sent</h1><p>${message}</p><p><a href="/contact">Contact us</a></p></html>`;
}

/**
 * A form sent without scripts, checked to come from the site's own pages, handed to its owning remote and answered
 * as it says: a 303 to its thank-you page, or this page again with what was typed and why it was refused.
 */
export const formsPlugin = fp(async (app: FastifyInstance) => {
  const { composer, site } = app.host;
  const refuse = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).type("text/html; charset=utf-8").header("cache-control", "no-store").send(refusal(message));
  /** What to say when a part of the site cannot take a form now: try again, or call. */
  const tryAgain = async (what: string) =>
    `${what} Please try again in a moment, or call us at ${(await site()).business.phone_sales}.`;

  /** A form posted to an address no remote owns is not found; one whose owner cannot be reached is refused. */
  async function pageRefusal(reply: FastifyReply, pathname: string) {
    if (pathname === "/") return null;
    const owner = await composer.owner(pathname);
    if (owner === "unknown") return refuse(reply, 503, await tryAgain("Part of our site is not answering just now."));
    return owner ? null : reply.code(404).type("text/plain").send("Not found");
  }

  /** The form's owner's outcome, or (when the owner fails) the page again with what was typed and a way to call. */
  async function outcomeOf(request: FastifyRequest, remote: RemoteName, fields: Record<string, string>) {
    const path = request.url;
    try {
      return await composer.submitForm(remote, {
        fields,
        path,
        pageUrl: `${(await site()).siteUrl}${path}`,
        clientIp: request.ip,
        cookies: visitorCookies(request),
      });
    } catch (error) {
      request.log.error({ err: error, remote }, "a form's owner could not take it");
      return {
        kind: "page",
        status: 503,
        form: {
          id: fields[FORM_FIELD] ?? "",
          values: fields,
          errors: {},
          message: await tryAgain("We couldn't send your message just now."),
        },
      } satisfies FormOutcome as FormOutcome;
    }
  }

  async function formPost(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    // only a page takes a form: anything else (a remote's files, its renderer) is not found here
    const pathname = pathOf(request);
    const refused = await pageRefusal(reply, pathname);
    if (refused) return refused;
    if (!sentFromThisSite(request)) {
      request.log.warn({ path: pathname }, "refused a form posted from another site");
      return refuse(
        reply,
        403,
        "This form can only be sent from our own website. Please go back and send it from there.",
      );
    }
    // (a body of another type, JSON for one, counts by its text fields only)
    const sent = typeof request.body === "object" && request.body ? Object.entries(request.body) : [];
    const fields: Record<string, string> = Object.fromEntries(sent.filter(([, value]) => typeof value === "string"));
    const owner = formOwner(fields[FORM_FIELD] ?? "");
    if (!owner || !(REMOTE_NAMES as readonly string[]).includes(owner.remote)) {
      return refuse(reply, 400, "We could not read this form. Please go back and try again.");
    }
    const outcome = await outcomeOf(request, owner.remote as RemoteName, fields);
    setRemoteCookies(reply, owner.remote, outcome.cookies, (await site()).siteUrl.startsWith("https:"));
    if (outcome.kind === "redirect") return reply.header("cache-control", "no-store").redirect(outcome.location, 303);
    return app.page(request, reply, { form: outcome.form, status: outcome.status });
  }

  // pages take forms (urlencoded); nothing else here parses them (the API's proxy passes bodies on as they came). A
  // name sent more than once counts by its last value
  await app.register(async (forms) => {
    await forms.register(formbody, {
      bodyLimit: 64 * 1024,
      parser: (body) => Object.fromEntries(new URLSearchParams(body)),
    });
    forms.post("/", formPost);
    forms.post("/*", formPost);
  });
});
