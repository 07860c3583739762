import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { emptyInventoryFilter, type InventoryProperties, type InventoryView } from "shared-types";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RefineToolbar } from "../src/components/refine-toolbar";

afterEach(cleanup);

const PROPERTIES: InventoryProperties = {
  years: [2026, 2025, 2019],
  makes: ["GMC", "Isuzu"],
  models: { GMC: ["Sierra 1500", "Sierra 2500HD"], Isuzu: ["NPR", "NRR"] },
  body_styles: ["Cab Chassis", "Pickup"],
  price_lower: 31_500,
  price_upper: 142_000,
};

function setup(view: Partial<InventoryView> = {}) {
  const onChange = vi.fn();
  const fullView: InventoryView = { page: 3, search: "", filter: emptyInventoryFilter(), sort: "age_desc", ...view };
  render(<RefineToolbar view={fullView} properties={PROPERTIES} onChange={onChange} />);
  return { onChange, lastChange: () => onChange.mock.calls.at(-1)?.[0] as Partial<InventoryView> };
}
const tab = (name: string) => screen.getByRole("button", { name: new RegExp(`^${name}`) });

describe("the Refine Search toolbar", () => {
  it("opens one tab at a time, and clicking the open tab closes it", async () => {
    setup();
    await userEvent.click(tab("Year"));
    expect(tab("Year").getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByLabelText("2026")).toBeTruthy();
    await userEvent.click(tab("Body Style"));
    expect(tab("Year").getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByLabelText("2026")).toBeNull();
    expect(screen.getByLabelText("Pickup")).toBeTruthy();
    await userEvent.click(tab("Body Style"));
    expect(screen.queryByLabelText("Pickup")).toBeNull();
  });

  it("keeps make sections collapsed until opened", async () => {
    setup();
    await userEvent.click(tab("Make and Model"));
    expect(screen.queryByLabelText("NRR")).toBeNull();
    const expand = screen.getByRole("button", { name: "Isuzu models" });
    expect(expand.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(expand);
    expect(screen.getByLabelText("NRR")).toBeTruthy();
  });

  it("selecting a make clears its models; selecting a model clears its make", async () => {
    const filter = { ...emptyInventoryFilter(), model: ["NPR", "Sierra 1500"] };
    const { lastChange } = setup({ filter });
    await userEvent.click(tab("Make and Model"));
    await userEvent.click(screen.getByLabelText("All Isuzu"));
    expect(lastChange().filter).toMatchObject({ make: ["Isuzu"], model: ["Sierra 1500"] });
    cleanup();
    const second = setup({ filter: { ...emptyInventoryFilter(), make: ["Isuzu", "GMC"] } });
    await userEvent.click(tab("Make and Model"));
    await userEvent.click(screen.getByRole("button", { name: "Isuzu models" }));
    await userEvent.click(screen.getByLabelText("NRR"));
    expect(second.lastChange().filter).toMatchObject({ make: ["GMC"], model: ["NRR"] });
  });

  it("makes condition single-valued, with All as blank", async () => {
    const { lastChange } = setup({ filter: { ...emptyInventoryFilter(), condition: ["new"] } });
    await userEvent.click(tab("Search Term"));
    expect((screen.getByLabelText("New") as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByLabelText("Used"));
    expect(lastChange().filter?.condition).toEqual(["used"]);
    await userEvent.click(screen.getByLabelText("All"));
    expect(lastChange().filter?.condition).toEqual([]);
  });

  it("searches a term and a price range together, and shows the priced range", async () => {
    const { lastChange } = setup();
    await userEvent.click(tab("Search Term"));
    expect(screen.getByText("Priced units run $31,500 to $142,000")).toBeTruthy();
    expect(screen.getByPlaceholderText(/Backup Camera, Lifted, Red, 2019/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Search Term"), "  backup camera ");
    await userEvent.type(screen.getByLabelText("To $"), "60000");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(lastChange()).toMatchObject({ search: "backup camera", filter: { price_upper: 60000, price_lower: 0 } });
  });

  it("lists years descending, sorts by the chosen order, and Clear All empties search and filters", async () => {
    const { lastChange } = setup({ search: "red", filter: { ...emptyInventoryFilter(), year: [2019] } });
    expect(tab("Year").textContent).toBe("Year (1)");
    await userEvent.click(tab("Year"));
    const years = screen.getAllByRole("checkbox").map((c) => c.parentElement?.textContent);
    expect(years).toEqual(["2026", "2025", "2019"]);
    await userEvent.click(tab("Sort Order"));
    await userEvent.click(screen.getByLabelText("Price Low to High"));
    expect(lastChange()).toEqual({ sort: "price_asc" });
    await userEvent.click(screen.getByRole("button", { name: "Clear All" }));
    expect(lastChange()).toEqual({ search: "", filter: emptyInventoryFilter() });
  });
});
