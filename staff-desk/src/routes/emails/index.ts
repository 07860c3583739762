import type { FastifyInstance } from "fastify";
import { EmailsPage } from "./emails-page.js";

/** What an email's HTML may use in the preview: its inline styles and its images, nothing else; never framed elsewhere. */
const EMAIL_PREVIEW_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; sandbox; frame-ancestors 'self'";

/**
 * The site's emails, each previewed with made-up data as the API renders it: its subject, its HTML (in a frame
 * that runs nothing, served with a policy of its own) and its text (ROLE_GRANTS texts: marketing and admins).
 */
export default async function emails(app: FastifyInstance) {
  const onTexts = { config: { grant: "texts" } } as const;

  app.get("/emails", onTexts, async (request, reply) => {
    const { emails: list } = await request.api.emails();
    return reply.page(EmailsPage({ signedIn: request.staff, emails: list }));
  });

  app.get("/emails/:name", onTexts, async (request, reply) => {
    const { name } = request.params as { name: string };
    const [{ emails: list }, shown] = await Promise.all([
      request.api.emails(),
      request.api.emailPreview({ params: { name } }),
    ]);
    return reply.page(EmailsPage({ signedIn: request.staff, emails: list, shown }));
  });

  // The email's HTML alone, for the page's frame: its own policy (its inline styles and remote images, as a mail
  // program shows them; no script, no form, an origin of its own), framed by the desk's own pages only.
  app.get("/emails/:name/preview", onTexts, async (request, reply) => {
    const { name } = request.params as { name: string };
    const { html } = await request.api.emailPreview({ params: { name } });
    if (html === null) return reply.callNotFound();
    return reply
      .type("text/html; charset=utf-8")
      .header("content-security-policy", EMAIL_PREVIEW_POLICY)
      .header("x-frame-options", "SAMEORIGIN")
      .send(html);
  });
}
