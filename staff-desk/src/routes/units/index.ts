import type { FastifyInstance } from "fastify";
import type { DeskUnit } from "shared-types";
import { unitChangeSchema } from "shared-types/schemas";
import { ApiRefusal } from "../../staff-api.js";
import { noticeFrom } from "../../ui/notices.js";
import { type TypedChange, UnitPage, UnitsPage } from "./units-page.js";

const WORDS = {
  done: {
    saved: "Saved: the site shows it now.",
    cleared: "Cleared: the next feed import sets its price and status.",
  },
};

/** What the form sent, as typed: shown again with the reasons when it is refused. */
const typedChange = (body: unknown): TypedChange => {
  const form = (body ?? {}) as Record<string, unknown>;
  return {
    sale_price: String(form.sale_price ?? "").trim(),
    status: String(form.status ?? ""),
    hidden: form.hidden === "on",
    reason: String(form.reason ?? "").trim(),
  };
};

/** Only what differs from the unit as it is, with the reason: shared-types' rules decide whether it may be sent. */
const changeOf = (unit: DeskUnit, typed: TypedChange) => {
  const price = typed.sale_price === "" ? Number.NaN : Number(typed.sale_price.replace(/[$,\s]/g, ""));
  return {
    ...(price !== unit.sale_price ? { sale_price: price } : {}),
    ...(typed.status !== unit.status ? { status: typed.status } : {}),
    ...(typed.hidden !== unit.hidden ? { hidden: typed.hidden } : {}),
    reason: typed.reason,
  };
};

/** Units: find one, change its sale price, status or visibility for a reason, or clear the change. */
export default async function units(app: FastifyInstance) {
  const onUnits = { config: { grant: "units" } } as const;
  const stockOf = (params: unknown) => ({ stock: (params as { stock: string }).stock });

  app.get("/units", onUnits, async (request, reply) => {
    const q = String((request.query as { q?: unknown }).q ?? "").slice(0, 60);
    const { units } = await request.api.units({ query: { q } });
    return reply.page(UnitsPage({ signedIn: request.staff, query: q, units }));
  });

  app.get("/units/:stock", onUnits, async (request, reply) => {
    try {
      const unit = await request.api.unit({ params: stockOf(request.params) });
      return reply.page(UnitPage({ signedIn: request.staff, unit, notice: noticeFrom(request.query, WORDS) }));
    } catch (error) {
      if (error instanceof ApiRefusal && error.status === 404) return reply.redirect("/units", 303);
      throw error;
    }
  });

  app.post("/units/:stock", onUnits, async (request, reply) => {
    const params = stockOf(request.params);
    const unit = await request.api.unit({ params });
    const typed = typedChange(request.body);
    const refuse = (text: string) =>
      reply.page(UnitPage({ signedIn: request.staff, unit, typed, notice: { kind: "refused", text } }), 400);
    const checked = unitChangeSchema.safeParse(changeOf(unit, typed));
    if (!checked.success) return refuse(checked.error.issues.map((issue) => issue.message).join(". "));
    try {
      await request.api.changeUnit({ params, body: checked.data });
      return reply.redirect(`/units/${encodeURIComponent(params.stock)}?done=saved`, 303);
    } catch (error) {
      if (error instanceof ApiRefusal && error.status === 400) return refuse(error.message);
      throw error;
    }
  });

  app.post("/units/:stock/clear", onUnits, async (request, reply) => {
    const params = stockOf(request.params);
    await request.api.clearUnit({ params });
    return reply.redirect(`/units/${encodeURIComponent(params.stock)}?done=cleared`, 303);
  });
}
