import type { FastifyInstance } from "fastify";
import { SpeedPage } from "./speed-page.js";

/**
 * Team desk: the site's speed as its real visitors measured it (the pages' sampled Web Vitals): each route's 75th
 * percentile over the last 28 days beside Google's goals (admins and marketing: the `speed` grant).
 */
export default async function speed(app: FastifyInstance) {
  app.get("/speed", { config: { grant: "speed" } }, async (request, reply) => {
    const { days, routes } = await request.api.vitals();
    return reply.page(SpeedPage({ signedIn: request.staff, days, summaries: routes }));
  });
}
