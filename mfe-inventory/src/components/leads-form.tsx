import { Component, type ComponentType, lazy, Suspense } from "react";
import { BUSINESS_DETAILS, type LeadFormModuleId, type LeadFormModules, loadPeerModule, telHref } from "shared-types";

/** One lazy component per form module, so re-renders never reload it; dropped on a failure so Try again reloads. */
const forms = new Map<LeadFormModuleId, unknown>();

function formComponent<K extends LeadFormModuleId>(id: K): ComponentType<LeadFormModules[K]> {
  const cached = forms.get(id) as ComponentType<LeadFormModules[K]> | undefined;
  if (cached) return cached;
  const form = lazy(async () => {
    const module = await loadPeerModule<{ default: ComponentType<LeadFormModules[K]> }>(id);
    if (!module?.default) throw new Error(`${id} is unavailable`);
    return module;
  });
  forms.set(id, form);
  return form as ComponentType<LeadFormModules[K]>;
}

interface FormRegionProps<K extends LeadFormModuleId> {
  form: K;
  props: LeadFormModules[K];
}

/**
 * Renders the form inside its own error boundary. It looks the lazy component up on every render, so after
 * "Try the form again" (which drops the failed one) the form module is fetched anew.
 */
class FormRegion<K extends LeadFormModuleId> extends Component<FormRegionProps<K>, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  retry = () => {
    forms.delete(this.props.form);
    this.setState({ failed: false });
  };
  override render() {
    if (!this.state.failed) {
      const Form = formComponent(this.props.form);
      return (
        <Suspense fallback={<p className="inventory-muted">Loading the enquiry form...</p>}>
          <Form {...this.props.props} />
        </Suspense>
      );
    }
    return (
      <div className="inventory-form-unavailable" role="status">
        <p>
          Our enquiry form can't be shown right now. Call us at{" "}
          <a href={telHref(BUSINESS_DETAILS.phone_sales)}>{BUSINESS_DETAILS.phone_sales}</a>.
        </p>
        <button type="button" className="inventory-button" onClick={this.retry}>
          Try the form again
        </button>
      </div>
    );
  }
}

/** One of team leads' forms (shared-types LeadFormModules), rendered here; if leads is down, the phone number. */
export function LeadsForm<K extends LeadFormModuleId>({ form, props }: FormRegionProps<K>) {
  return <FormRegion form={form} props={props} />;
}
