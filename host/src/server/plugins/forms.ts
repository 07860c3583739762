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

  async function formPost(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    // only a page takes a form: anything else (a remote's files, its renderer) is not found here; a page whose owner
    // cannot be reached refuses it
    const pathname = pathOf(request);
    const owner = pathname === "/" ? null : await composer.owner(pathname);
    if (owner === "unknown") return refuse(reply, 503, await tryAgain("Part of our site is not answering just now."));
    if (pathname !== "/" && !owner) return reply.code(404).type("text/plain").send("Not found");
    if (!sentFromThisSite(request)) {
      request.log.warn({ path: pathname }, "refused a form posted from another site");
      const message = "This form can only be sent from our own website. Please go back and send it from there.";
      return refuse(reply, 403, message);
    }
    // (a body of another type, JSON for one, counts by its text fields only)
    const sent = typeof request.body === "object" && request.body ? Object.entries(request.body) : [];
    const fields: Record<string, string> = Object.fromEntries(sent.filter(([, value]) => typeof value === "string"));
    const form = formOwner(fields[FORM_FIELD] ?? "");
    if (!form || !(REMOTE_NAMES as readonly string[]).includes(form.remote)) {
      return refuse(reply, 400, "We could not read this form. Please go back and try again.");
    }
    const remote = form.remote as RemoteName;
    const pageUrl = `${(await site()).siteUrl}${request.url}`;
    const post = { fields, path: request.url, pageUrl, clientIp: request.ip, cookies: visitorCookies(request) };
    // when the owner fails, the page again with what was typed and a way to call
    const outcome = await composer.submitForm(remote, post).catch(async (error: unknown): Promise<FormOutcome> => {
      request.log.error({ err: error, remote }, "a form's owner could not take it");
      const message = await tryAgain("We couldn't send your message just now.");
      return { kind: "page", status: 503, form: { id: fields[FORM_FIELD] ?? "", values: fields, errors: {}, message } };
    });
    setRemoteCookies(reply, form.remote, outcome.cookies, (await site()).siteUrl.startsWith("https:"));
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
