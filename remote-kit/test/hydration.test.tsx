import { act, cleanup, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { MemoryRouter, useNavigate } from "react-router-dom";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { defineResource, type RemoteRoute, RemoteRoutes, SiteProvider, useResource } from "../src/index";
import { routeDataElementId } from "../src/protocol.js";
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

type Remote = "inventory" | "service";

function handOver(remote: Remote, path: string, entries: Record<string, unknown>) {
  document.getElementById(routeDataElementId(remote))?.remove();
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = routeDataElementId(remote);
  element.textContent = JSON.stringify({ path, entries });
  document.body.append(element);
}

// each remote reads the server's data once per visit: each case is another remote
async function renderAt(remote: Remote, path: string) {
  window.history.replaceState({}, "", path);
  await act(async () => {
    render(
      <SiteProvider value={TEST_SITE}>
        <MemoryRouter initialEntries={[path]}>
          <Suspense fallback={null}>
            <RemoteRoutes remote={remote} routes={ROUTES} />
          </Suspense>
        </MemoryRouter>
      </SiteProvider>,
    );
  });
}

describe("a region hydrating from the server's data", () => {
  // the route table's router half is its own chunk: here, as on a server and in a browser that hydrates, it is in
  beforeAll(() => RouteTable.preload());
  beforeEach(() => load.mockClear());
  afterEach(cleanup);

  it("starts from the data handed over for this very page, without fetching it again; later pages load", async () => {
    handOver("inventory", "/units/A", { 'test:unit:["A"]': "unit A from the server" });
    await renderAt("inventory", "/units/A");
    expect(screen.getByRole("heading").textContent).toBe("unit A from the server");
    expect(load).not.toHaveBeenCalled();
    await act(async () => screen.getByRole("button", { name: "next" }).click());
    expect(load).toHaveBeenCalledWith("B");
    expect(screen.getByRole("heading").textContent).toBe("unit B from the browser");
  });

  it("ignores data handed over for another page (the visitor moved on before the code arrived)", async () => {
    handOver("service", "/units/B", { 'test:unit:["A"]': "stale" });
    await renderAt("service", "/units/A");
    expect(load).toHaveBeenCalledWith("A");
    expect(screen.getByRole("heading").textContent).toBe("unit A from the browser");
  });
});
