import { STAFF_API } from "shared-types/schemas";
import { refuse, type StaffContext } from "../staff-context.js";
import { UnitOverrides } from "../unit-overrides.js";

/**
 * Units: found by stock number, VIN, make or model; a sale price, a status or the site's view of one changed for a
 * reason (it stands through feed imports until cleared), or cleared.
 */
export function registerUnitRoutes({ route, db, options, actor }: StaffContext) {
  const units = new UnitOverrides(db, options.now);
  route(STAFF_API.units, {}, async (request) => ({
    units: request.query.q ? await units.findUnits(request.query.q) : [],
  }));

  route(STAFF_API.unit, {}, async (request) => {
    const unit = await units.unit(request.params.stock);
    if (!unit) throw refuse(404, `No unit ${request.params.stock}`);
    return unit;
  });

  route(STAFF_API.changeUnit, {}, async (request) => {
    const unit = await units.overrideUnit(request.params.stock, request.body, actor(request));
    if (!unit) throw refuse(404, `No unit ${request.params.stock}`);
    return unit;
  });

  route(STAFF_API.clearUnit, {}, async (request) => {
    const unit = await units.clearOverride(request.params.stock, actor(request));
    if (!unit) throw refuse(404, `No unit ${request.params.stock}`);
    return unit;
  });
}
