import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { allows, type BusinessDetails } from "shared-types";
import { closureSchema } from "shared-types/schemas";
import { ApiRefusal } from "../../staff-api.js";
import { noticeFrom } from "../../ui/notices.js";
import { formValue, withForm } from "./business-form.js";
import { BusinessPage } from "./business-page.js";

const WORDS = {
  done: {
    saved: "Saved: the site shows the new details now.",
    closure: "Closure added: the site shows it now.",
    removed: "Closure removed.",
  },
};

/**
 * The dealership's details on the desk, an admin's: phones, address, every department's hours, closures (a manager
 * sets their departments' hours on /hours). The form comes back as typed, with the reasons, when refused.
 */
export default async function business(app: FastifyInstance) {
  const onBusiness = { config: { grant: "business" } } as const;

  app.get("/business", async (request, reply) => {
    // a department's manager sets its hours on a page of their own
    if (!allows(request.staff.member.role, "business")) return reply.redirect("/hours", 303);
    const details = await request.api.business();
    return reply.page(BusinessPage({ signedIn: request.staff, details, notice: noticeFrom(request.query, WORDS) }));
  });

  /** Saves the changed details, or shows the page again with the reasons (the API's too). */
  const save = async (
    request: FastifyRequest,
    reply: FastifyReply,
    change: (current: BusinessDetails) => { details: BusinessDetails; problems: string[] },
    done: keyof typeof WORDS.done,
  ) => {
    const { details, problems } = change(await request.api.business());
    if (problems.length === 0) {
      try {
        await request.api.saveBusiness({ body: details });
        return reply.redirect(`/business?done=${done}`, 303);
      } catch (error) {
        if (!(error instanceof ApiRefusal && error.status === 400)) throw error;
        problems.push(error.message);
      }
    }
    const notice = { kind: "refused" as const, text: problems.join(". ") };
    return reply.page(BusinessPage({ signedIn: request.staff, details, notice }), 400);
  };

  app.post("/business", onBusiness, async (request, reply) =>
    save(request, reply, (current) => withForm(current, request.body), "saved"),
  );

  app.post("/business/closures", onBusiness, async (request, reply) => {
    const value = formValue(request.body);
    const form = (request.body ?? {}) as { departments?: unknown };
    const typed = {
      from: value("from"),
      to: value("to"),
      note: value("note"),
      departments: ([] as unknown[]).concat(form.departments ?? []).map(String),
    };
    const checked = closureSchema.safeParse(typed);
    return save(
      request,
      reply,
      (current) =>
        checked.success
          ? { details: { ...current, closures: [...(current.closures ?? []), checked.data] }, problems: [] }
          : { details: current, problems: checked.error.issues.map((issue) => issue.message) },
      "closure",
    );
  });

  app.post("/business/closures/remove", onBusiness, async (request, reply) => {
    const index = Number((request.body as { index?: unknown })?.index);
    return save(
      request,
      reply,
      (current) => ({
        details: { ...current, closures: (current.closures ?? []).filter((_, i) => i !== index) },
        problems: [],
      }),
      "removed",
    );
  });
}
