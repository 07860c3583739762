import { Component, type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { BUSINESS_DETAILS, type LeadDestination, type LeadFields, loadPeerModule, telHref } from "shared-types";

/** The props of team leads' exposed leads/lead-form (its contract with the teams that render it). */
export interface LeadFormContract {
  destination: LeadDestination;
  requireContact?: boolean;
  checkEmailFormat?: boolean;
  defaultMessage?: string;
  hidden?: Partial<LeadFields>;
  successText?: string;
  placeholders?: boolean;
  heading?: string;
}

const LeadForm = lazy(async () => {
  const module = await loadPeerModule<{ default: ComponentType<LeadFormContract> }>("leads/lead-form");
  if (!module) throw new Error("leads/lead-form is unavailable");
  return module;
});

class FormBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p className="service-form-unavailable" role="status">
        Our enquiry form can't be shown right now. Call us at{" "}
        <a href={telHref(BUSINESS_DETAILS.phone_sales)}>{BUSINESS_DETAILS.phone_sales}</a>.
      </p>
    );
  }
}

/** Team leads' form, rendered inside a service page; if leads is down, the phone number instead. */
export function RemoteLeadForm(props: LeadFormContract) {
  return (
    <FormBoundary>
      <Suspense fallback={<p className="service-muted">Loading the enquiry form...</p>}>
        <LeadForm {...props} />
      </Suspense>
    </FormBoundary>
  );
}
