import { STAFF_API } from "shared-types/schemas";
import { refuse, type StaffContext } from "../staff-context.js";

/**
 * The dealership's details: all of them for whoever sets them (ROLE_GRANTS business), a department's hours for its
 * manager too (hours), and marketing's notice at the top of every page (texts). Each change is audited with it.
 */
export function registerBusinessRoutes({ route, options, actor, refuseUnless }: StaffContext) {
  const details = () => {
    if (!options.business) throw refuse(404, "The dealership's details are not kept by this API");
    return options.business;
  };

  // a department's manager reads the details to set its hours (STAFF_API: business or hours)
  route(STAFF_API.business, {}, async () => details().get());

  route(STAFF_API.saveBusiness, {}, async (request) =>
    details().change(actor(request), { action: "business.update", subject: "business-details" }, () => request.body),
  );

  route(STAFF_API.saveHours, {}, async (request) => {
    const { department } = request.params;
    refuseUnless(request, "hours", department, `the ${department} hours`);
    return details().change(
      actor(request),
      { action: "business.hours", subject: `hours:${department}`, part: (d) => d.hours[department] },
      (before) => ({ ...before, hours: { ...before.hours, [department]: request.body } }),
    );
  });

  route(STAFF_API.siteNotice, {}, async () => ({ notice: (await details().get()).notice ?? null }));

  /** Set, changed, or taken down (null); the pages are purged by the change signal. */
  route(STAFF_API.saveSiteNotice, {}, async (request) => {
    const saved = await details().change(
      actor(request),
      { action: "site.notice", subject: "site-notice", part: (d) => d.notice ?? null },
      (before) => ({ ...before, notice: request.body.notice }),
    );
    return { notice: saved.notice ?? null };
  });
}
