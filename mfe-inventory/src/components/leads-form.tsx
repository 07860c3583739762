import { type ModuleUse, PeerModule, peerModuleId, type ShapeOf, useSite } from "remote-kit";
import { telHref } from "shared-types";

/**
 * One of team leads' forms inside a inventory page, as declared in src/contracts/consumes.ts (the props it passes are
 * typed by that declaration, which team leads' pipeline checks). Its code lives with team leads, so it loads once
 * the page is interactive, into space kept for it; if leads is down, the phone number.
 */
export function LeadsForm<U extends Pick<ModuleUse, "from" | "module"> & { props: object }>({
  use,
  props,
}: {
  use: U;
  props: NoInfer<ShapeOf<U["props"]>>;
}) {
  const { phone_sales: phone } = useSite().business;
  return (
    <PeerModule
      id={peerModuleId(use)}
      props={props}
      placeholder={
        <p className="inventory-muted inventory-form-placeholder" aria-busy="true">
          Loading the enquiry form...
        </p>
      }
      unavailable={(retry) => (
        <div className="inventory-form-unavailable" role="status">
          <p>
            Our enquiry form can't be shown right now. Call us at <a href={telHref(phone)}>{phone}</a>.
          </p>
          <button type="button" className="inventory-button" onClick={retry}>
            Try the form again
          </button>
        </div>
      )}
    />
  );
}
