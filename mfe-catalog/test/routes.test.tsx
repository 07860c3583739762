import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { REMOTE_ROUTE_PATTERNS } from "shared-types";
import { afterEach, describe, expect, it, vi } from "vitest";

const apiGet = vi.fn(async (_url: string) => ({
  data: [
    { make: "Isuzu", model: "NRR", count: 4 },
    { make: "Isuzu", model: "FVR", count: 2 },
  ],
}));
vi.mock("../src/api/api-client", () => ({ apiClient: { get: (url: string) => apiGet(url) } }));
const { default: CatalogRoutes } = await import("../src/routes");

afterEach(cleanup);

// The host sends these paths here (shared-types REMOTE_ROUTE_PATTERNS.catalog): each must render a page.
describe("team catalog's route table", () => {
  for (const pattern of REMOTE_ROUTE_PATTERNS.catalog) {
    const path = pattern.replace(":brand", "isuzu").replace(/:[a-z]+/g, "sample-id");
    it(`renders ${path}`, () => {
      const { container } = render(
        <MemoryRouter initialEntries={[path]}>
          <CatalogRoutes />
        </MemoryRouter>,
      );
      expect(container.textContent?.trim().length).toBeGreaterThan(0);
    });
  }
});

describe("the Isuzu line-up", () => {
  it("asks the API once for every card's count, and links in-stock models to the inventory", async () => {
    apiGet.mockClear();
    const { container } = render(
      <MemoryRouter initialEntries={["/line-up/isuzu"]}>
        <CatalogRoutes />
      </MemoryRouter>,
    );
    expect(await screen.findAllByRole("link", { name: "4 In Stock" })).toHaveLength(2); // NRR regular and crew cab
    expect(screen.getAllByRole("link", { name: "2 In Stock" })).toHaveLength(2); // FVR class 6 and 7
    expect(screen.getAllByRole("link", { name: "Make an Inquiry" })).toHaveLength(16 - 4);
    expect(container.querySelectorAll(".catalog-card")).toHaveLength(16);
    expect(apiGet).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("link", { name: "403-555-0177" })).toBeTruthy();
  });
});
