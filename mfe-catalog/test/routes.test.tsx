import { screen } from "@testing-library/react";
import { renderAt as renderRoute } from "remote-kit/test-harness";
import { describe, expect, it, vi } from "vitest";

const apiGet = vi.fn(async (url: string) => ({
  data: url.endsWith("/work-truck-searches")
    ? [
        { id: "class-4-5-box-trucks", count: 9 },
        { id: "dump-landscape-trucks", count: 0 },
        { id: "cargo-vans", count: 5 },
      ]
    : [
        { make: "Isuzu", model: "NRR", count: 4 },
        { make: "Isuzu", model: "FVR", count: 2 },
      ],
}));
vi.mock("../src/api/api-client", () => ({ api: () => ({ get: (url: string) => apiGet(url) }) }));
const { default: CatalogRoutes, CATALOG_ROUTES } = await import("../src/routes");

const renderAt = (path: string) => renderRoute(path, <CatalogRoutes />);

// Every route this remote declares (its manifest tells the host, so the host sends these paths here): each renders its page.
const PAGES: Record<string, [path: string, heading: string]> = {
  "/line-up/:brand": ["/line-up/gm", "GM Fleet Trucks and Vans"],
  "/line-up/:brand/:model": ["/line-up/isuzu/isuzu-nrr-ev", "Isuzu NRR EV"],
  "/get-financing": ["/get-financing", "Fleet Financing"],
  "/get-financing/form": ["/get-financing/form", "Online Credit Application"],
};

describe("team catalog's route table", () => {
  it("has a page test for every route it declares", () => {
    expect(Object.keys(PAGES).sort()).toEqual(CATALOG_ROUTES.map((r) => r.path).sort());
  });

  for (const pattern of CATALOG_ROUTES.map((r) => r.path)) {
    const [path, heading] = PAGES[pattern] ?? ["", ""];
    it(`renders ${path} with its heading`, async () => {
      await renderAt(path);
      expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(heading);
    });
  }
});

describe("the Isuzu line-up", () => {
  it("asks the API once for every card's count, and links in-stock models to the inventory", async () => {
    apiGet.mockClear();
    const { container } = await renderAt("/line-up/isuzu");
    expect(await screen.findAllByRole("link", { name: "4 In Stock" })).toHaveLength(2); // NRR regular and crew cab
    expect(screen.getAllByRole("link", { name: "2 In Stock" })).toHaveLength(2); // FVR class 6 and 7
    expect(screen.getAllByRole("link", { name: "Make an Inquiry" })).toHaveLength(16 - 4);
    expect(container.querySelectorAll(".catalog-card")).toHaveLength(16);
    // one request for the cards' counts, one for the common searches' counts
    expect(apiGet.mock.calls.map(([url]) => url).sort()).toEqual([
      "/api/inventory/model-counts",
      "/api/inventory/work-truck-searches",
    ]);
    expect(screen.getByRole("link", { name: "403-555-0177" })).toBeTruthy();
  });

  it("links the line-up's common work-truck searches that find units, with their counts", async () => {
    await renderAt("/line-up/isuzu");
    const searches = await screen.findByRole("navigation", { name: "In stock now, by the work" });
    const links = [...searches.querySelectorAll("a")];
    // Isuzu's searches only (cargo vans are GM's), and none that finds nothing
    expect(links.map((a) => a.textContent)).toEqual(["Class 4-5 box trucks (9 in stock)"]);
    const href = new URL(links[0]?.getAttribute("href") ?? "", "https://example.com");
    expect(JSON.parse(href.searchParams.get("filters") ?? "")).toEqual({
      gvwr_class: [4, 5],
      body_type: ["dry-freight-box", "refrigerated-box"],
    });
  });
});
