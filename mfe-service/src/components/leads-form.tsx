import { PeerModule, useSite } from "remote-kit";
import { type LeadFormModuleId, type LeadFormModules, telHref } from "shared-types";

/**
 * One of team leads' forms (shared-types LeadFormModules) inside a service page. Its code lives with team
 * leads, so it loads once the page is interactive, into space kept for it; if leads is down, the phone number.
 */
export function LeadsForm<K extends LeadFormModuleId>({ form, props }: { form: K; props: LeadFormModules[K] }) {
  const { phone_sales: phone } = useSite().business;
  return (
    <PeerModule
      id={form}
      props={props}
      placeholder={
        <p className="service-muted service-form-placeholder" aria-busy="true">
          Loading the enquiry form...
        </p>
      }
      unavailable={(retry) => (
        <div className="service-form-unavailable" role="status">
          <p>
            Our enquiry form can't be shown right now. Call us at <a href={telHref(phone)}>{phone}</a>.
          </p>
          <button type="button" className="service-button" onClick={retry}>
            Try the form again
          </button>
        </div>
      )}
    />
  );
}
