import type { FastifyInstance } from "fastify";
import type { DayHours } from "shared-types";
import { parseDay } from "../business-form.js";
import { ApiRefusal } from "../desk-api.js";
import type { DeskContext } from "../desk-context.js";
import { HoursPage } from "../pages/hours.js";

/** Team desk's hours page: the departments a manager sets the hours of (ROLE_GRANTS hours), saved one by one. */
export function registerHoursPages(app: FastifyInstance, { api, page, signedIn, refused }: DeskContext): void {
  app.get("/hours", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    if (who.grants.business) return reply.redirect("/business", 303);
    try {
      const details = await api.business(who.session);
      const saved = (request.query as { done?: string }).done === "saved";
      const notice = saved ? { kind: "done" as const, text: "Saved: the site shows the new hours now." } : undefined;
      return page(reply, HoursPage({ signedIn: who, details, notice }));
    } catch (error) {
      return refused(reply, who, error);
    }
  });

  app.post("/hours", async (request, reply) => {
    const who = await signedIn(request, reply);
    if (!who) return reply;
    const form = (request.body ?? {}) as Record<string, unknown>;
    const typed = Object.fromEntries(
      Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
    try {
      const details = await api.business(who.session);
      const departments = who.grants.hours as readonly (keyof typeof details.hours)[];
      const problems: string[] = [];
      const weeks = departments.map((department) => {
        const week = details.hours[department].map((day) => {
          const parsed = parseDay(day.day, typed[`hours.${department}.${day.day}`] ?? "");
          if (!parsed) problems.push(`${department} hours, ${day.day}: enter times such as 08:00-17:00, or Closed`);
          return parsed;
        });
        return [department, week] as const;
      });
      if (problems.length === 0) {
        try {
          for (const [department, week] of weeks) await api.saveHours(who.session, department, week as DayHours[]);
          return reply.redirect("/hours?done=saved", 303);
        } catch (error) {
          if (!(error instanceof ApiRefusal && error.status === 400)) throw error;
          problems.push(error.message);
        }
      }
      const notice = { kind: "refused" as const, text: problems.join(". ") };
      return page(reply, HoursPage({ signedIn: who, details, typed, notice }), 400);
    } catch (error) {
      return refused(reply, who, error);
    }
  });
}
