import type { FastifyInstance } from "fastify";
import { AccountPage } from "./account-page.js";

/** A member's own page: their role and passkeys, and a passkey added for this device (the ceremony's two steps). */
export default async function account(app: FastifyInstance) {
  app.get("/account", async (request, reply) => {
    const { passkeys } = await request.api.passkeys();
    const added = (request.query as { added?: string }).added === "1";
    return reply.page(AccountPage({ signedIn: request.staff, passkeys: passkeys.length, added }));
  });
  app.post("/passkey/register-options", async (request) => request.api.passkeyOptions());
  app.post("/passkey/register", async (request) => request.api.addPasskey({ body: request.body as never }));
}
