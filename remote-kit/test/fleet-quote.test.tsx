import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToStaticMarkup } from "react-dom/server";
import { FLEET_QUOTE, FLEET_QUOTE_ADD } from "shared-types";
import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { FleetQuoteAddForm, FleetQuoteLink } from "../src/index";
import { FORM_FIELD, IN_PLACE_FORM } from "../src/protocol.js";

function formOf(markup: string): HTMLFormElement {
  const holder = document.createElement("div");
  holder.innerHTML = markup;
  const form = holder.querySelector("form");
  if (!form) throw new Error(`no form in ${markup}`);
  return form;
}

const hiddenFields = (form: HTMLFormElement) =>
  [...form.querySelectorAll<HTMLInputElement>("input[type=hidden]")].map((input) => [input.name, input.value]);

describe("FleetQuoteAddForm", () => {
  it("posts a unit to the list, in place, with the team's classes and a quantity of 1 to start", () => {
    const form = formOf(
      renderToStaticMarkup(
        <FleetQuoteAddForm
          line={{ kind: "unit", stockNumber: "A1234" }}
          id="inventory-fleet-A1234"
          block="inventory-fleet-add"
          buttonClassName="inventory-button inventory-button--secondary"
          visuallyHiddenClassName="inventory-visually-hidden"
          subject="2025 Isuzu NPR-HD"
        />,
      ),
    );
    expect(form.className).toBe("inventory-fleet-add");
    expect(form.hasAttribute(FLEET_QUOTE_ADD.attribute)).toBe(true);
    expect(form.getAttribute(IN_PLACE_FORM.action)).toBe(FLEET_QUOTE_ADD.api);
    expect(hiddenFields(form)).toEqual([
      [FORM_FIELD, FLEET_QUOTE_ADD.form],
      [FLEET_QUOTE_ADD.fields.kind, "unit"],
      [FLEET_QUOTE_ADD.fields.stockNumber, "A1234"],
    ]);
    const quantity = form.querySelector<HTMLInputElement>("#inventory-fleet-A1234-quantity");
    expect(quantity?.className).toBe("inventory-fleet-add__quantity");
    expect(quantity?.getAttribute("max")).toBe(String(FLEET_QUOTE.maxQuantity));
    expect(quantity?.getAttribute("value")).toBe("1");
    expect(form.querySelector("label")?.getAttribute("for")).toBe("inventory-fleet-A1234-quantity");
    expect(form.querySelector("button")?.textContent).toBe(`${FLEET_QUOTE_ADD.submitLabel}: 2025 Isuzu NPR-HD`);
    expect(form.querySelector(".inventory-visually-hidden")?.textContent).toBe(": 2025 Isuzu NPR-HD");
    const status = form.querySelector('[role="status"]');
    expect(status?.className).toBe("inventory-fleet-add__status");
    expect(status?.hasAttribute(IN_PLACE_FORM.status)).toBe(true);
  });

  it("names a line-up model by its id, make and model", () => {
    const form = formOf(
      renderToStaticMarkup(
        <FleetQuoteAddForm
          line={{ kind: "model", modelId: "isuzu-npr-hd", make: "Isuzu", model: "NPR-HD" }}
          id="catalog-fleet-isuzu-npr-hd"
          block="catalog-fleet-add"
          buttonClassName="catalog-button"
          visuallyHiddenClassName="catalog-visually-hidden"
          subject="Isuzu NPR-HD"
        />,
      ),
    );
    expect(hiddenFields(form)).toEqual([
      [FORM_FIELD, FLEET_QUOTE_ADD.form],
      [FLEET_QUOTE_ADD.fields.kind, "model"],
      [FLEET_QUOTE_ADD.fields.modelId, "isuzu-npr-hd"],
      [FLEET_QUOTE_ADD.fields.make, "Isuzu"],
      [FLEET_QUOTE_ADD.fields.model, "NPR-HD"],
    ]);
  });
});

describe("FleetQuoteLink", () => {
  const use = { from: "leads", module: "./fleet-quote-count", props: z.object({}) } as const;

  it("keeps the count the server included as it is when the page hydrates around it", async () => {
    const served =
      '<fleet-fragment data-peer="leads/fleet-quote-count" data-props="{}"><p>3 units</p></fleet-fragment>';
    const container = document.createElement("div");
    container.innerHTML = served;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <FleetQuoteLink use={use} className="catalog-fleet-link" />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    expect(container.innerHTML).toBe(served);
    container.remove();
  });
});
