import { act, cleanup, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { MemoryRouter, useNavigate } from "react-router-dom";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { defineResource, type RemoteRoute, RemoteRoutes, SiteProvider, useResource } from "../src/index";
import { RouteTable } from "../src/remote-routes.js";
import { TEST_SITE } from "../src/testing";

const load = vi.fn(async (id: string) => `unit ${id} from the browser`);
const unitResource = defineResource("test:unit", load);

function UnitPage({ id }: { id: string }) {
  const unit = useResource(unitResource, id);
  const navigate = useNavigate();
  return (
    <>
      <h1>
        {unit.status === "done"
          ? unit.value
          : unit.status === "loading" && unit.previous
            ? `${unit.previous} (updating)`
            : "Loading..."}
      </h1>
      <button type="button" onClick={() => navigate("/units/B")}>
        next
      </button>
    </>
  );
}

const ROUTES: RemoteRoute[] = [
  { path: "/units/A", element: <UnitPage id="A" /> },
  { path: "/units/B", element: <UnitPage id="B" /> },
];

// a region the browser renders itself: its server could not help in time
async function renderAt(path: string) {
  window.history.replaceState({}, "", path);
  await act(async () => {
    render(
      <SiteProvider value={TEST_SITE}>
        <MemoryRouter initialEntries={[path]}>
          <Suspense fallback={null}>
            <RemoteRoutes remote="inventory" routes={ROUTES} />
          </Suspense>
        </MemoryRouter>
      </SiteProvider>,
    );
  });
}

describe("a region the browser renders itself", () => {
  // the route table's router half is its own chunk: here, as on a server, it is in
  beforeAll(() => RouteTable.preload());
  beforeEach(() => load.mockClear());
  afterEach(cleanup);

  it("loads its page's data, and the next page's when the visitor moves on, and says it is interactive", async () => {
    await renderAt("/units/A");
    expect(load).toHaveBeenCalledWith("A");
    expect(screen.getByRole("heading").textContent).toBe("unit A from the browser");
    expect(document.documentElement.dataset.readyRemotes).toContain("inventory");
    await act(async () => screen.getByRole("button", { name: "next" }).click());
    expect(load).toHaveBeenCalledWith("B");
    expect(screen.getByRole("heading").textContent).toBe("unit B from the browser");
  });
});
