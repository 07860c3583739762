import { STAFF_API } from "shared-types/schemas";
import { refuse, type StaffContext } from "../staff-context.js";

/**
 * Units: found by stock number, VIN, make or model; a sale price, a status or the site's view of one changed for a
 * reason (it stands through feed imports until cleared), or cleared.
 */
export function registerUnitRoutes({ route, store, actor }: StaffContext) {
  route(STAFF_API.units, { grant: "units" }, async (request) => ({
    units: request.query.q ? await store.findUnits(request.query.q) : [],
  }));

  route(STAFF_API.unit, { grant: "units" }, async (request) => {
    const unit = await store.unit(request.params.stock);
    if (!unit) throw refuse(404, `No unit ${request.params.stock}`);
    return unit;
  });

  route(STAFF_API.changeUnit, { grant: "units" }, async (request) => {
    const unit = await store.overrideUnit(request.params.stock, request.body, actor(request));
    if (!unit) throw refuse(404, `No unit ${request.params.stock}`);
    return unit;
  });

  route(STAFF_API.clearUnit, { grant: "units" }, async (request) => {
    const unit = await store.clearOverride(request.params.stock, actor(request));
    if (!unit) throw refuse(404, `No unit ${request.params.stock}`);
    return unit;
  });
}
