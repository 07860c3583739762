import type { FastifyInstance } from "fastify";
import { type ServiceCapacity, WEEKDAYS } from "shared-types";
import { ApiRefusal } from "../../staff-api.js";
import { noticeFrom } from "../../ui/notices.js";
import { CapacityPage } from "./capacity-page.js";

const WORDS = { done: { capacity: "Saved: the site offers times by it now." } };

/** A form's fields as sent (a checkbox left unticked is not sent at all). */
type Fields = Record<string, string | string[]>;
const text = (fields: Fields, name: string) => String([fields[name] ?? ""].flat()[0] ?? "").trim();

/** The capacity as the form sent it, over the one it changes; the reasons name what cannot be read. */
export function capacityFromForm(
  current: ServiceCapacity,
  fields: Fields,
): { capacity: ServiceCapacity; problems: string[] } {
  const problems: string[] = [];
  const number = (name: string, label: string, fallback: number) => {
    const value = Number(text(fields, name));
    if (text(fields, name) === "" || !Number.isInteger(value)) problems.push(`${label}: enter a whole number`);
    return Number.isInteger(value) ? value : fallback;
  };
  const week = Object.fromEntries(
    WEEKDAYS.map((day) => {
      const typed = text(fields, `week.${day}`);
      const segments = typed
        ? typed.split(",").map((part) => {
            const [open = "", close = ""] = part.replace(/\s+/g, "").split("-");
            return { open, close };
          })
        : [];
      return [day, segments];
    }),
  ) as ServiceCapacity["week"];
  const capacity: ServiceCapacity = {
    ...current,
    week,
    leadTimeHours: number("leadTimeHours", "Soonest booking", current.leadTimeHours),
    weeksAhead: number("weeksAhead", "Weeks ahead", current.weeksAhead),
    stepMinutes: Number(text(fields, "stepMinutes")) as ServiceCapacity["stepMinutes"],
    kinds: current.kinds.map((kind) => ({ ...kind, minutes: number(`kind.${kind.id}`, kind.name, kind.minutes) })),
    bays: current.bays.map((bay) => ({
      ...bay,
      name: text(fields, `bay.${bay.id}`) || bay.name,
      kinds: current.kinds.filter((kind) => fields[`bay.${bay.id}.${kind.id}`] !== undefined).map((kind) => kind.id),
    })),
  };
  return { capacity, problems };
}

/** What the department can book, set by its manager (audited by the API with each save). */
export async function capacityRoutes(app: FastifyInstance) {
  const onBookings = { config: { grant: "bookings" } } as const;

  app.get("/bookings/capacity", onBookings, async (request, reply) => {
    const capacity = await request.api.serviceCapacity();
    return reply.page(CapacityPage({ signedIn: request.staff, capacity, notice: noticeFrom(request.query, WORDS) }));
  });

  app.post("/bookings/capacity", onBookings, async (request, reply) => {
    const fields = (request.body ?? {}) as Fields;
    const current = await request.api.serviceCapacity();
    const { capacity, problems } = capacityFromForm(current, fields);
    if (problems.length === 0) {
      try {
        await request.api.saveServiceCapacity({ body: capacity });
        return reply.redirect("/bookings/capacity?done=capacity", 303);
      } catch (error) {
        if (!(error instanceof ApiRefusal && error.status === 400)) throw error;
        problems.push(error.message);
      }
    }
    const notice = { kind: "refused" as const, text: problems.join(". ") };
    return reply.page(CapacityPage({ signedIn: request.staff, capacity: current, typed: fields, notice }), 400);
  });
}
