import { screen } from "@testing-library/react";
import { PEER_MODULE_LOADER_KEY } from "remote-kit";
import { renderAt } from "remote-kit/test-harness";
import { describe, expect, it, vi } from "vitest";

// the route table is under test, not the API: every search answers an empty inventory, every unit is unknown
const asked = vi.hoisted(() => [] as string[]);
vi.mock("../src/api/api-client", () => ({
  api: () => ({
    get: async (url: string) => {
      asked.push(url);
      if (url.includes("/stocknumber/") || url.includes("/similar/")) {
        throw Object.assign(new Error("not found"), { response: { status: 404 } });
      }
      if (url.includes("/properties")) {
        return {
          data: { years: [], makes: [], models: {}, body_styles: [], price_lower: 0, price_upper: 0 },
        };
      }
      return { data: { vehicles: [], size: 0, page: 1, page_size: 20 } };
    },
  }),
}));
// team leads' forms stand in as empty forms: the route table is under test
(globalThis as Record<string, unknown>)[PEER_MODULE_LOADER_KEY] = async () => ({ default: () => <form /> });
const { default: InventoryRoutes, INVENTORY_ROUTES } = await import("../src/routes");

// Every route this remote declares (its manifest tells the host, so the host sends these paths here): each renders its page.
const PAGES: Record<string, [path: string, heading: string]> = {
  "/inventory": ["/inventory", "Find Your Vehicle"],
  "/inventory/vehicle/:id": ["/inventory/vehicle/NOPE0000", "This vehicle is no longer available"],
  "/trailer-inventory": ["/trailer-inventory", "Trailer Inventory"],
  "/trailer-inventory/:id": ["/trailer-inventory/TR410281", "Haulmark Transport 7x16 Enclosed Cargo Trailer"],
};

describe("team inventory's route table", () => {
  it("has a page test for every route it declares", () => {
    expect(Object.keys(PAGES).sort()).toEqual(INVENTORY_ROUTES.map((r) => r.path).sort());
  });

  for (const pattern of INVENTORY_ROUTES.map((r) => r.path)) {
    const [path, heading] = PAGES[pattern] ?? ["", ""];
    it(`renders ${path} with its heading`, async () => {
      await renderAt(path, <InventoryRoutes />);
      expect((await screen.findByRole("heading", { level: 1, name: heading })).textContent).toBe(heading);
    });
  }

  it("a trailer's page says SALE PRICE above its all-in price (SPEC §2), with the stock number beside it", async () => {
    const { container } = await renderAt("/trailer-inventory/TR410281", <InventoryRoutes />);
    await screen.findByRole("heading", { level: 1 });
    const block = container.querySelector(".inventory-vehicle__summary .inventory-price-block");
    expect(block?.querySelector(".inventory-price__heading")?.textContent).toBe("SALE PRICE");
    expect(block?.querySelector(".inventory-price")?.textContent).toMatch(/^\$[\d,]+(\.\d\d)?$/);
    expect(block?.querySelector(".inventory-price__label")?.textContent).toBe(
      "All-in price, plus GST · Stock #TR410281",
    );
  });

  it("a trailer's card in the list names its stock number once", async () => {
    const { container } = await renderAt("/trailer-inventory", <InventoryRoutes />);
    await screen.findByRole("heading", { level: 1, name: "Trailer Inventory" });
    const cards = [...container.querySelectorAll(".inventory-item")];
    expect(cards).toHaveLength(13);
    for (const card of cards) expect(card.textContent?.match(/Stock #/g)).toHaveLength(1);
  });

  it("asks the API for a search's units as their cards show them, not whole (fields=listing)", async () => {
    asked.length = 0;
    await renderAt("/inventory?search=unicorn", <InventoryRoutes />);
    await screen.findByRole("heading", { level: 1, name: "Find Your Vehicle" });
    const lists = asked.filter((url) => url.includes("/inventory/all"));
    expect(lists.length).toBeGreaterThan(0);
    for (const url of lists) expect(new URL(url, "http://api.invalid").searchParams.get("fields")).toBe("listing");
  });

  it("an empty search shows the no-results panel with Reset all Filters", async () => {
    await renderAt("/inventory?search=unicorn", <InventoryRoutes />);
    expect(await screen.findByText(/No vehicles match that criteria/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reset all Filters" })).toBeTruthy();
  });
});
