import { cleanup, render } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { REMOTE_ROUTE_PATTERNS } from "shared-types";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../src/api/promotions-api", () => ({ fetchPromotions: async () => [] }));
const { default: ServiceRoutes } = await import("../src/routes");

afterEach(cleanup);

// The host sends these paths here (shared-types REMOTE_ROUTE_PATTERNS.service): each must render a page.
describe("team service's route table", () => {
  for (const pattern of REMOTE_ROUTE_PATTERNS.service) {
    const path = pattern.replace(":brand", "isuzu").replace(/:[a-z]+/g, "sample-id");
    it(`renders ${path}`, () => {
      const { container } = render(
        <MemoryRouter initialEntries={[path]}>
          <ServiceRoutes />
        </MemoryRouter>,
      );
      expect(container.textContent?.trim().length).toBeGreaterThan(0);
    });
  }
});
