import type { FastifyInstance } from "fastify";
import { SESSION_COOKIE, setSession } from "../../plugins/session.js";
import { ApiRefusal } from "../../staff-api.js";
import { LinkPage, SignInPage } from "./sign-in-page.js";

const signedOut = { config: { signedOut: true } } as const;
const LINK_USED = "This sign-in link has been used or has expired: ask for a new one.";

/** Signing in (a link by email, a passkey) and out: the only pages a visitor reaches without a session. */
export default async function signIn(app: FastifyInstance) {
  app.get("/sign-in", signedOut, async (request, reply) => {
    const query = request.query as { sent?: string; ended?: string };
    const refused = query.ended === "1" ? "Your session has ended: please sign in again." : undefined;
    return reply.page(SignInPage({ sent: query.sent === "1", refused }));
  });

  app.post("/sign-in", signedOut, async (request, reply) => {
    const email = String((request.body as { email?: unknown })?.email ?? "").trim();
    try {
      await request.api.askForLink({ body: { email } });
      return reply.redirect("/sign-in?sent=1", 303);
    } catch (error) {
      if (!(error instanceof ApiRefusal) || error.status >= 500) throw error;
      const reason = error.status === 400 ? "Enter your work email address, like name@example.com." : error.message;
      return reply.page(SignInPage({ refused: reason, email }), error.status === 429 ? 429 : 400);
    }
  });

  // a button, not a sign-in: mail scanners open links, and a link works once
  app.get("/sign-in/link", signedOut, async (request, reply) =>
    reply.page(LinkPage({ token: String((request.query as { token?: unknown }).token ?? "") })),
  );

  app.post("/sign-in/link", signedOut, async (request, reply) => {
    const token = String((request.body as { token?: unknown })?.token ?? "");
    try {
      const { session } = await request.api.signInWithLink({ body: { token } });
      setSession(request, reply, session);
      return reply.redirect("/", 303);
    } catch (error) {
      if (!(error instanceof ApiRefusal) || error.status >= 500) throw error;
      const tooMany = error.status === 429;
      return reply.page(SignInPage({ refused: tooMany ? error.message : LINK_USED }), tooMany ? 429 : 401);
    }
  });

  app.post("/sign-out", signedOut, async (request, reply) => {
    await request.api.signOut().catch(() => undefined);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return reply.redirect("/sign-in", 303);
  });

  // a passkey's ceremony, in JSON for the desk's one script; a refusal comes back with the API's reason
  app.post("/passkey/sign-in-options", signedOut, async (request) => request.api.passkeySignInOptions());
  app.post("/passkey/sign-in", signedOut, async (request, reply) => {
    const { session } = await request.api.signInWithPasskey({ body: request.body as never });
    setSession(request, reply, session);
    return { location: "/" };
  });
}
