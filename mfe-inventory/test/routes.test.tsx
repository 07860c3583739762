import { cleanup, render } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { REMOTE_ROUTE_PATTERNS } from "shared-types";
import { afterEach, describe, expect, it } from "vitest";
import InventoryRoutes from "../src/routes";

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
