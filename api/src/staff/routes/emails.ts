import { STAFF_API } from "shared-types/schemas";
import { DEFAULT_BUSINESS_DETAILS } from "../../business/default-business-details.js";
import { EMAIL_PREVIEWS } from "../../emails/previews.js";
import { refuse, type StaffContext } from "../staff-context.js";

/**
 * The site's emails, previewed on the desk (the `texts` grant: the site's words): the list, and one rendered from
 * made-up data with the dealership's own details, exactly as its builder sends it.
 */
export function registerEmailRoutes({ route, options, link }: StaffContext) {
  route(STAFF_API.emails, {}, async () => ({
    emails: Object.entries(EMAIL_PREVIEWS).map(([name, { title }]) => ({ name, title })),
  }));

  route(STAFF_API.emailPreview, {}, async (request) => {
    const { name } = request.params;
    const preview = Object.hasOwn(EMAIL_PREVIEWS, name) ? EMAIL_PREVIEWS[name] : undefined;
    if (!preview) throw refuse(404, "No such email");
    const business = (await options.business?.get()) ?? DEFAULT_BUSINESS_DETAILS;
    const email = preview.render({
      business,
      siteUrl: `https://${business.domain}`,
      deskUrl: options.deskUrl,
      signInLink: link,
    });
    return { name, title: preview.title, subject: email.subject, html: email.html ?? null, text: email.text };
  });
}
