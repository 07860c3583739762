import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { emptyInventoryFilter, type InventoryFacets, type InventoryView } from "shared-types";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RefineToolbar } from "../src/components/refine-toolbar/refine-toolbar";

afterEach(cleanup);

/** What the API answers with the page: every value with how many units choosing it gives. */
const FACETS: InventoryFacets = {
  condition: [
    { value: "new", count: 30 },
    { value: "used", count: 12 },
  ],
  year: [
    { value: 2026, count: 20 },
    { value: 2025, count: 14 },
    { value: 2019, count: 8 },
  ],
  make: [
    { value: "GMC", count: 18 },
    { value: "Isuzu", count: 24 },
  ],
  model: [
    { make: "GMC", value: "Sierra 1500", count: 10 },
    { make: "GMC", value: "Sierra 2500HD", count: 8 },
    { make: "Isuzu", value: "NPR", count: 15 },
    { make: "Isuzu", value: "NRR", count: 9 },
  ],
  body_style: [
    { value: "Cab Chassis", count: 24 },
    { value: "Pickup", count: 18 },
  ],
  gvwr_class: [
    { value: 2, count: 10 },
    { value: 3, count: 23 },
    { value: 5, count: 9 },
    { value: 7, count: 0 },
  ],
  body_type: [
    { value: "dry-freight-box", count: 12 },
    { value: "dump", count: 3 },
    { value: "pickup", count: 18 },
  ],
  fuel: [
    { value: "gas", count: 25 },
    { value: "diesel", count: 17 },
  ],
  cab_type: [
    { value: "regular", count: 30 },
    { value: "crew", count: 12 },
  ],
  drivetrain: [
    { value: "4wd", count: 14 },
    { value: "rwd", count: 28 },
  ],
  price: { lower: 31_500.25, upper: 141_999.5 },
};

function setup(view: Partial<InventoryView> = {}) {
  const onChange = vi.fn();
  const fullView: InventoryView = { page: 3, search: "", filter: emptyInventoryFilter(), sort: "age_desc", ...view };
  render(<RefineToolbar view={fullView} facets={FACETS} onChange={onChange} />);
  return { onChange, lastChange: () => onChange.mock.calls.at(-1)?.[0] as Partial<InventoryView> };
}
const tab = (name: string) => screen.getByRole("button", { name: new RegExp(`^${name}`) });

describe("the Refine Search toolbar", () => {
  it("opens one tab at a time, and clicking the open tab closes it", async () => {
    setup();
    await userEvent.click(tab("Year"));
    expect(tab("Year").getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByLabelText("2026 (20)")).toBeTruthy();
    await userEvent.click(tab("Body Style"));
    expect(tab("Year").getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByLabelText("2026 (20)")).toBeNull();
    expect(screen.getByLabelText("Pickup (18)")).toBeTruthy();
    await userEvent.click(tab("Body Style"));
    expect(screen.queryByLabelText("Pickup (18)")).toBeNull();
  });

  it("keeps make sections collapsed until opened", async () => {
    setup();
    await userEvent.click(tab("Make and Model"));
    expect(screen.queryByLabelText("NRR (9)")).toBeNull();
    const expand = screen.getByRole("button", { name: "Isuzu models" });
    expect(expand.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(expand);
    expect(screen.getByLabelText("NRR (9)")).toBeTruthy();
  });

  it("selecting a make clears its models; selecting a model clears its make", async () => {
    const filter = { ...emptyInventoryFilter(), model: ["NPR", "Sierra 1500"] };
    const { lastChange } = setup({ filter });
    await userEvent.click(tab("Make and Model"));
    await userEvent.click(screen.getByLabelText("All Isuzu (24)"));
    expect(lastChange().filter).toMatchObject({ make: ["Isuzu"], model: ["Sierra 1500"] });
    cleanup();
    const second = setup({ filter: { ...emptyInventoryFilter(), make: ["Isuzu", "GMC"] } });
    await userEvent.click(tab("Make and Model"));
    await userEvent.click(screen.getByRole("button", { name: "Isuzu models" }));
    await userEvent.click(screen.getByLabelText("NRR (9)"));
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
    expect(screen.getByText("Priced matches run $31,500 to $142,000")).toBeTruthy();
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
    expect(years).toEqual(["2026 (20)", "2025 (14)", "2019 (8)"]);
    await userEvent.click(tab("Sort Order"));
    await userEvent.click(screen.getByLabelText("Price Low to High"));
    expect(lastChange()).toEqual({ sort: "price_asc" });
    await userEvent.click(screen.getByRole("button", { name: "Clear All" }));
    expect(lastChange()).toEqual({ search: "", filter: emptyInventoryFilter() });
  });

  it("shows each work-truck value with its count and chooses by class, body, fuel and cab", async () => {
    const { lastChange } = setup({ filter: { ...emptyInventoryFilter(), fuel: ["diesel"] } });
    expect(tab("Work Truck").textContent).toBe("Work Truck (1)");
    await userEvent.click(tab("Work Truck"));
    expect(screen.getByRole("group", { name: "GVWR class" })).toBeTruthy();
    await userEvent.click(screen.getByLabelText("Class 5 (over 7,257 to 8,845 kg) (9)"));
    expect(lastChange().filter).toMatchObject({ gvwr_class: [5], fuel: ["diesel"] });
    await userEvent.click(screen.getByLabelText("Dry freight box (12)"));
    expect(lastChange().filter).toMatchObject({ body_type: ["dry-freight-box"] });
    await userEvent.click(screen.getByLabelText("Crew cab (12)"));
    expect(lastChange().filter).toMatchObject({ cab_type: ["crew"] });
    await userEvent.click(screen.getByLabelText("Diesel (17)"));
    expect(lastChange().filter?.fuel).toEqual([]);
    await userEvent.click(screen.getByLabelText("Four-wheel drive (4x4) (14)"));
    expect(lastChange().filter).toMatchObject({ drivetrain: ["4wd"] });
    // no unit would match: offered, counted, but not choosable
    const none = screen.getByLabelText("Class 7 (over 11,793 to 14,969 kg) (0)") as HTMLInputElement;
    expect(none.disabled).toBe(true);
  });

  it("keeps a chosen value with no matches choosable, so it can be unchosen", async () => {
    const { lastChange } = setup({ filter: { ...emptyInventoryFilter(), gvwr_class: [7] } });
    await userEvent.click(tab("Work Truck"));
    const chosen = screen.getByLabelText("Class 7 (over 11,793 to 14,969 kg) (0)") as HTMLInputElement;
    expect(chosen.disabled).toBe(false);
    await userEvent.click(chosen);
    expect(lastChange().filter?.gvwr_class).toEqual([]);
  });

  it("narrows to a year range from the years on offer", async () => {
    const { lastChange } = setup({ filter: { ...emptyInventoryFilter(), year_max: 2026 } });
    expect(tab("Year").textContent).toBe("Year (1)");
    await userEvent.click(tab("Year"));
    const from = screen.getByLabelText("From") as HTMLSelectElement;
    expect([...from.options].map((o) => o.textContent)).toEqual(["Any", "2019", "2025", "2026"]);
    await userEvent.selectOptions(from, "2025");
    expect(lastChange().filter).toMatchObject({ year_min: 2025, year_max: 2026 });
    await userEvent.selectOptions(screen.getByLabelText("To"), "Any");
    expect(lastChange().filter).toMatchObject({ year_max: 0 });
  });
});
