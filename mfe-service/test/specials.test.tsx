import { screen } from "@testing-library/react";
import { renderAt as renderRoute } from "remote-kit/test-harness";
import type { Promotion } from "shared-types";
import { describe, expect, it, vi } from "vitest";

const fetchPromotions = vi.fn<() => Promise<Promotion[]>>();
vi.mock("../src/api/promotions-api", () => ({ fetchPromotions: () => fetchPromotions() }));
const { default: ServiceRoutes } = await import("../src/routes");

const renderAt = (path: string) => renderRoute(path, <ServiceRoutes />);

describe("specials", () => {
  const promotions: Promotion[] = [
    {
      id: "1",
      department: "service",
      rank: 3,
      // as the API sends it: sanitised to formatting tags (api/test covers the sanitising)
      html: "<p>Third <strong>offer</strong></p>",
      image: "",
      url: "",
    },
    { id: "2", department: "sales", rank: 1, html: "", image: "/sale.png", url: "/inventory" },
    { id: "3", department: "service", rank: 1, html: "", image: "/first.png", url: "/service" },
    { id: "4", department: "service", rank: 2, html: "", image: "/second.png", url: "" },
  ];

  it("shows its own department's promotions by ascending rank, in their three forms", async () => {
    fetchPromotions.mockResolvedValue(promotions);
    const { container } = await renderAt("/service-specials");
    await screen.findByText("offer");
    const shown = [...container.querySelectorAll(".service-promo")];
    expect(shown.map((el) => el.tagName)).toEqual(["A", "IMG", "DIV"]);
    expect(shown[0]?.getAttribute("href")).toBe("/service");
    expect(shown[2]?.querySelector("strong")?.textContent).toBe("offer");
    expect(container.innerHTML).not.toContain("/sale.png");
  });

  it("places a special's own headings under the page's title, whatever levels its author chose", async () => {
    fetchPromotions.mockResolvedValue([
      { ...promotions[0]!, html: "<h3>Winter Fleet Event</h3><p>Up to <strong>$8,000</strong> off</p><h4>Terms</h4>" },
    ]);
    const { container } = await renderAt("/service-specials");
    await screen.findByText("Winter Fleet Event");
    const headings = [...container.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => h.tagName);
    expect(headings).toEqual(["H1", "H2", "H3"]);
    const { headingsUnderTitle } = await import("../src/pages/specials-pages");
    expect(headingsUnderTitle("<h1 class=x>A</h1><h2>B</h2>")).toBe("<h2 class=x>A</h2><h3>B</h3>");
    expect(headingsUnderTitle("<p>No heading</p><hr>")).toBe("<p>No heading</p><hr>");
  });

  it("shows a feed in SPEC's shape (no ids), leaving out only an item that is not a promotion", async () => {
    const { api } = await import("../src/api/api-client");
    const real = await vi.importActual<typeof import("../src/api/promotions-api")>("../src/api/promotions-api");
    const get = vi.spyOn(api(), "get").mockResolvedValue({
      data: [
        { department: "service", rank: 2, html: "<p>Second</p>", image: "", url: "" },
        { department: "service", rank: "one", html: "<p>Broken</p>" },
        { department: "service", rank: 1, html: "<p>First</p>", image: "", url: "" },
      ],
    });
    fetchPromotions.mockImplementation(real.fetchPromotions);
    try {
      const { container } = await renderAt("/service-specials");
      await screen.findByText("First");
      expect([...container.querySelectorAll(".service-promo")].map((el) => el.textContent)).toEqual([
        "First",
        "Second",
      ]);
      expect(screen.queryByText("Broken")).toBeNull();
      expect(screen.queryByText(/can't be shown right now/)).toBeNull();
    } finally {
      get.mockRestore();
      fetchPromotions.mockReset();
    }
  });

  it("says so when there are none, and when the promotions call fails, with the phone", async () => {
    fetchPromotions.mockResolvedValue([]);
    const empty = await renderAt("/sales-specials");
    expect(await screen.findByText(/There are no current specials/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "403-555-0140" })).toBeTruthy();
    empty.unmount();
    fetchPromotions.mockRejectedValue(new Error("down"));
    await renderAt("/service-specials");
    expect(await screen.findByText(/Our specials can't be shown right now/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "403-555-0162" })).toBeTruthy();
  });

  it("/parts-specials shows three sized images and /specials links the three pages", async () => {
    const parts = await renderAt("/parts-specials");
    const images = parts.container.querySelectorAll("img.service-promo");
    expect(images).toHaveLength(3);
    for (const img of images) expect(img.getAttribute("width")).toBe("1200");
    parts.unmount();
    const index = await renderAt("/specials");
    expect([...index.container.querySelectorAll(".service-grid a")].map((a) => a.getAttribute("href"))).toEqual([
      "/sales-specials",
      "/service-specials",
      "/parts-specials",
    ]);
  });
});
