import { FleetQuoteAddForm } from "remote-kit";

/** "Add to fleet quote" for one unit, in the inventory's classes. */
export function FleetQuoteAdd({ stockNumber, title }: { stockNumber: string; title: string }) {
  return (
    <FleetQuoteAddForm
      line={{ kind: "unit", stockNumber }}
      id={`inventory-fleet-${stockNumber}`}
      block="inventory-fleet-add"
      buttonClassName="host-button"
      visuallyHiddenClassName="inventory-visually-hidden"
      subject={title}
    />
  );
}
