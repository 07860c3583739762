import type { FastifyInstance } from "fastify";
import { allows, DEPARTMENTS } from "shared-types";
import { ApiRefusal } from "../../staff-api.js";
import { noticeFrom } from "../../ui/notices.js";
import { formValue, weekFromForm } from "../business/business-form.js";
import { HoursPage } from "./hours-page.js";

const WORDS = { done: { hours: "Saved: the site shows the new hours now." } };

/** A department manager's opening hours: the weeks of the departments the role sets (an admin sets all on /business). */
export default async function hours(app: FastifyInstance) {
  app.get("/hours", { config: { grant: "hours" } }, async (request, reply) => {
    if (allows(request.staff.member.role, "business")) return reply.redirect("/business", 303);
    const details = await request.api.business();
    return reply.page(HoursPage({ signedIn: request.staff, details, notice: noticeFrom(request.query, WORDS) }));
  });

  /** The departments whose hours the member sets (ROLE_GRANTS hours), saved one by one. */
  app.post("/hours", { config: { grant: "hours" } }, async (request, reply) => {
    const value = formValue(request.body);
    const details = await request.api.business();
    const departments = DEPARTMENTS.filter((department) => allows(request.staff.member.role, "hours", department));
    const weeks = departments.map((department) => ({
      department,
      ...weekFromForm(department, details.hours[department], value),
    }));
    const problems = weeks.flatMap((week) => week.problems);
    if (problems.length === 0) {
      try {
        for (const { department, week } of weeks) await request.api.saveHours({ params: { department }, body: week });
        return reply.redirect("/hours?done=hours", 303);
      } catch (error) {
        if (!(error instanceof ApiRefusal && error.status === 400)) throw error;
        problems.push(error.message);
      }
    }
    const typed = Object.fromEntries(
      Object.entries((request.body ?? {}) as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
    const notice = { kind: "refused" as const, text: problems.join(". ") };
    return reply.page(HoursPage({ signedIn: request.staff, details, typed, notice }), 400);
  });
}
