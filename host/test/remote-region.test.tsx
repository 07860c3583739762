import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";

// The federation plugin does nothing under Vitest: the registry is replaced by a controllable fake.
const loadRemoteRoutes = vi.fn();
vi.mock("../src/features/remotes/api/remote-registry", () => ({
  loadRemoteRoutes: (...args: unknown[]) => loadRemoteRoutes(...args),
}));

const { RemoteRegion } = await import("../src/features/remotes/components/remote-region");
const { remoteForPath } = await import("../src/features/remotes/remote-for-path");

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <RemoteRegion />
    </MemoryRouter>,
  );
}

describe("remoteForPath", () => {
  it("names the owning remote of every route, and none for unknown paths", () => {
    expect(remoteForPath("/line-up/isuzu/isuzu-nrr-diesel")).toBe("catalog");
    expect(remoteForPath("/get-financing/form")).toBe("catalog");
    expect(remoteForPath("/inventory/vehicle/AB123")).toBe("inventory");
    expect(remoteForPath("/trailer-inventory")).toBe("inventory");
    expect(remoteForPath("/body-shop-services/estimates")).toBe("service");
    expect(remoteForPath("/specials")).toBe("service");
    expect(remoteForPath("/contact/quote/x")).toBe("leads");
    expect(remoteForPath("/nowhere")).toBeNull();
    expect(remoteForPath("/line-up/gm/a/b")).toBeNull();
  });
});

describe("RemoteRegion", () => {
  beforeEach(() => {
    loadRemoteRoutes.mockReset();
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  it("mounts the owning remote's routes", async () => {
    loadRemoteRoutes.mockResolvedValue({ default: () => <h1>Isuzu line-up</h1> });
    renderAt("/line-up/isuzu");
    expect(await screen.findByRole("heading", { name: "Isuzu line-up" })).toBeTruthy();
    expect(loadRemoteRoutes).toHaveBeenCalledWith("catalog", 0);
  });

  it("shows what is unavailable, the sales phone and a Retry that loads again without a reload", async () => {
    loadRemoteRoutes.mockRejectedValueOnce(new Error("down")).mockResolvedValue({ default: () => <h1>Trailers</h1> });
    renderAt("/trailer-inventory");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Our vehicle and trailer inventory can't be shown right now");
    expect(screen.getByRole("link", { name: "403-555-0140" }).getAttribute("href")).toBe("tel:+14035550140");
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Trailers" })).toBeTruthy();
    expect(loadRemoteRoutes).toHaveBeenLastCalledWith("inventory", 1);
  });

  it("catches a remote that throws while rendering", async () => {
    loadRemoteRoutes.mockResolvedValue({
      default: () => {
        throw new Error("broken page");
      },
    });
    renderAt("/service");
    expect((await screen.findByRole("alert")).textContent).toContain("Service, parts, body shop and specials");
  });

  it("sends an unknown path home", async () => {
    const { container } = render(
      <MemoryRouter initialEntries={["/no/such/page"]}>
        <RemoteRegion />
      </MemoryRouter>,
    );
    await act(async () => {});
    expect(loadRemoteRoutes).not.toHaveBeenCalled();
    expect(container.textContent).toBe("");
  });
});
