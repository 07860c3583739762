import { cleanup, render } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { REMOTE_ROUTE_PATTERNS } from "shared-types";
import { afterEach, describe, expect, it, vi } from "vitest";

// the route table is under test, not the API: every call answers an empty inventory
vi.mock("../src/api/api-client", () => ({
  apiClient: { get: async () => ({ data: { vehicles: [], size: 0, page: 1, page_size: 20 } }) },
}));
const { default: InventoryRoutes } = await import("../src/routes");

afterEach(cleanup);

// The host sends these paths here (shared-types REMOTE_ROUTE_PATTERNS.inventory): each must render a page.
describe("team inventory's route table", () => {
  for (const pattern of REMOTE_ROUTE_PATTERNS.inventory) {
    const path = pattern.replace(":brand", "isuzu").replace(/:[a-z]+/g, "sample-id");
    it(`renders ${path}`, () => {
      const { container } = render(
        <MemoryRouter initialEntries={[path]}>
          <InventoryRoutes />
        </MemoryRouter>,
      );
      expect(container.textContent?.trim().length).toBeGreaterThan(0);
    });
  }
});
