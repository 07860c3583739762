import { Link, usePageHead, useSite } from "remote-kit";
import { useSearchParams } from "remote-kit/router";
import { LEAD_FORMS, type LeadFormId, leadForm, paths, sitePath, telHref } from "shared-types";

/** A page of the site to go back to (a path that stays on the site, never another site's address). */
const backPath = (from: string | null) => sitePath(from) ?? paths.home();

/**
 * Where a form sent without scripts lands once its lead is stored (the host answered the post with a 303 here):
 * what that form says when it is sent (SPEC §4), and the way back to the page it was on. Nothing the visitor typed
 * is in this address.
 */
export function ThankYouPage() {
  const [params] = useSearchParams();
  const { business } = useSite();
  const form = params.get("form") ?? "";
  const definition = Object.hasOwn(LEAD_FORMS, form) ? leadForm(form as LeadFormId) : null;
  const thankYou = (definition ?? leadForm("contact")).thankYou;
  // only ever the shape leadReference writes: nothing else of the address is shown
  const reference = /^FQ-[0-9A-F]{8}$/.test(params.get("ref") ?? "") ? params.get("ref") : null;
  usePageHead({ title: `Thank you | ${business.name}`, robots: "noindex" });
  return (
    <div className="leads-page leads-thank-you">
      <h1 className="leads-page__title">{thankYou.heading ?? "Thank you!"}</h1>
      <div className="leads-form__success" role="status">
        <p>{thankYou.text}</p>
        {reference ? (
          <p>
            Your reference number: <strong className="leads-reference">{reference}</strong>
          </p>
        ) : null}
      </div>
      <p>
        Anything urgent? Call us at <a href={telHref(business.phone_sales)}>{business.phone_sales}</a>.
      </p>
      <p>
        <Link className="leads-button" to={backPath(params.get("from"))}>
          Back to the page you were on
        </Link>
      </p>
    </div>
  );
}
