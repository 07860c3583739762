import { cleanup, render } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { REMOTE_ROUTE_PATTERNS } from "shared-types";
import { afterEach, describe, expect, it } from "vitest";
import LeadsRoutes from "../src/routes";

afterEach(cleanup);

// The host sends these paths here (shared-types REMOTE_ROUTE_PATTERNS.leads): each must render a page.
describe("team leads's route table", () => {
  for (const pattern of REMOTE_ROUTE_PATTERNS.leads) {
    const path = pattern.replace(":brand", "isuzu").replace(/:[a-z]+/g, "sample-id");
    it(`renders ${path}`, () => {
      const { container } = render(
        <MemoryRouter initialEntries={[path]}>
          <LeadsRoutes />
        </MemoryRouter>,
      );
      expect(container.textContent?.trim().length).toBeGreaterThan(0);
    });
  }
});
