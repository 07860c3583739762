import { FleetQuoteAddForm } from "remote-kit";
import type { LineupModel } from "../remote";

/** "Add to fleet quote" for a line-up model (to order), in the catalog's classes. */
export function FleetQuoteAdd({ model }: { model: LineupModel }) {
  const name = model.name.startsWith(`${model.make} `) ? model.name.slice(model.make.length + 1) : model.name;
  return (
    <FleetQuoteAddForm
      line={{ kind: "model", modelId: model.id, make: model.make, model: name }}
      id={`catalog-fleet-${model.id}`}
      block="catalog-fleet-add"
      buttonClassName="host-button"
      visuallyHiddenClassName="catalog-visually-hidden"
      subject={model.name}
    />
  );
}
