import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { renderToString } from "react-dom/server";
import { defineIsland, ISLAND_ATTRIBUTES, PEER_MODULE_LOADER_KEY, PeerForm, SiteProvider } from "remote-kit";
import { ServerRenderContext, serverRenderState } from "remote-kit/render";
import { installSiteDocument, TEST_SITE } from "remote-kit/testing";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The federation plugin does nothing under Vitest: the registry is replaced by a controllable fake.
const loadRemoteModule = vi.fn();
const loadRemoteRoutes = vi.fn();
vi.mock("../src/features/remotes/api/remote-registry", () => ({
  loadRemoteModule: (...args: unknown[]) => loadRemoteModule(...args),
  loadRemoteRoutes: (...args: unknown[]) => loadRemoteRoutes(...args),
  RemoteUnavailableError: class extends Error {},
}));
const { hydrateIslands: hydrate } = await import("../src/app/hydrate-islands");
/** What the page's inline script asks for: every island in the page (each test's page is a new one). */
const hydrateIslands = () => hydrate([...document.querySelectorAll("fleet-island")]);
// the host's page script publishes its loader for remotes' peer modules (main.tsx)
(globalThis as Record<string, unknown>)[PEER_MODULE_LOADER_KEY] = (id: string) => loadRemoteModule(id);
// the islands hydrate as they do in a page: scheduled by React, not flushed by a test's act()
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

/** Two of a remote's islands: a gallery-like one and a form, each its own exposed module. */
const hydrated: string[] = [];
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  hydrated.push(label);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {label} {count}
    </button>
  );
}
const Photos = defineIsland("inventory/island/photos", Counter);
const Form = defineIsland("leads/contact-form", Counter, { hydrate: "form" });

/** A page as a remote's renderer and the host compose it: static HTML with islands, and a fragment's slot. */
function serverPage(tree: React.ReactNode): string {
  return renderToString(
    <ServerRenderContext.Provider value={serverRenderState("inventory", TEST_SITE)}>
      <SiteProvider value={TEST_SITE}>{tree}</SiteProvider>
    </ServerRenderContext.Provider>,
  );
}

beforeEach(() => {
  hydrated.length = 0;
  loadRemoteModule.mockReset();
  loadRemoteRoutes.mockReset();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  document.body.innerHTML = "";
  installSiteDocument();
});

describe("the page's islands", () => {
  it("hydrates each island as its own root, and leaves the static HTML alone", async () => {
    document.body.innerHTML = `<main><h1 id="static">Static</h1>${serverPage(
      <>
        <Photos label="Photos" />
        <Form label="Form" />
      </>,
    )}</main>`;
    hydrated.length = 0;
    const heading = document.getElementById("static");
    const formButton = screen.getByRole("button", { name: "Form 0" });
    loadRemoteModule.mockImplementation(async (id: string) => ({
      default: id === "leads/contact-form" ? Form : Photos,
    }));
    await hydrateIslands();
    expect(hydrated).toContain("Form");
    expect(hydrated).toContain("Photos");
    // adopted, not replaced: the same elements respond
    expect(screen.getByRole("button", { name: "Form 0" })).toBe(formButton);
    await userEvent.click(formButton);
    expect(formButton.textContent).toBe("Form 1");
    expect(document.getElementById("static")).toBe(heading);
    for (const island of document.querySelectorAll("fleet-island")) {
      expect(island.getAttribute(ISLAND_ATTRIBUTES.state)).toBe("hydrated");
    }
  });

  it("reads an island's props from the script element in it, takes it out, and adopts the island's HTML", async () => {
    document.body.innerHTML = `<main>${serverPage(<Photos label="</script> & Photos" />)}</main>`;
    const island = document.querySelector("fleet-island") as HTMLElement;
    expect(island.lastElementChild?.localName).toBe("script");
    const button = screen.getByRole("button", { name: "</script> & Photos 0" });
    loadRemoteModule.mockResolvedValue({ default: Photos });
    await hydrateIslands();
    await waitFor(() => expect(island.getAttribute(ISLAND_ATTRIBUTES.state)).toBe("hydrated"));
    expect(island.querySelector("script")).toBeNull();
    expect(hydrated).toContain("</script> & Photos");
    await userEvent.click(button);
    expect(button.textContent).toBe("</script> & Photos 1");
    expect(island.lastElementChild).toBe(button);
  });

  it("never holds the others for an island whose code is late", async () => {
    document.body.innerHTML = serverPage(
      <>
        <Form label="Form" />
        <Photos label="Photos" />
      </>,
    );
    hydrated.length = 0;
    loadRemoteModule.mockImplementation((id: string) =>
      id === "leads/contact-form" ? new Promise(() => {}) : Promise.resolve({ default: Photos }),
    );
    void hydrateIslands();
    await waitFor(() => expect(hydrated).toContain("Photos"));
    // still waiting for its code, its server HTML as it was
    expect(document.querySelector('[data-island="leads/contact-form"]')?.getAttribute(ISLAND_ATTRIBUTES.state)).toBe(
      "loading",
    );
  });

  it("keeps an island's server HTML, working, when its code cannot be had: never a fallback in its place", async () => {
    document.body.innerHTML = serverPage(<Photos label="Photos" />);
    const before = document.body.innerHTML;
    loadRemoteModule.mockRejectedValue(new Error("inventory is down"));
    await hydrateIslands();
    const island = document.querySelector("fleet-island") as HTMLElement;
    expect(island.getAttribute(ISLAND_ATTRIBUTES.state)).toBe("failed");
    island.removeAttribute(ISLAND_ATTRIBUTES.state);
    expect(document.body.innerHTML).toBe(before);
  });

  it("hydrates an island once however often it is asked for", async () => {
    document.body.innerHTML = serverPage(<Photos label="Photos" />);
    loadRemoteModule.mockResolvedValue({ default: Photos });
    await Promise.all([hydrateIslands(), hydrateIslands()]);
    expect(loadRemoteModule).toHaveBeenCalledTimes(1);
  });

  it("renders a peer's module the server could not include, keeping the fallback until it has loaded", async () => {
    document.body.innerHTML = serverPage(
      <PeerForm
        use={{ from: "leads", module: "./contact-form", props: { label: "t.string" } } as never}
        props={{ label: "Late form" } as never}
      />,
    );
    expect(document.body.textContent).toContain("Our enquiry form can't be shown right now");
    let arrive: (module: unknown) => void = () => {};
    loadRemoteModule.mockReturnValue(new Promise((resolve) => (arrive = resolve)));
    const done = hydrateIslands();
    await waitFor(() => expect(loadRemoteModule).toHaveBeenCalledWith("leads/contact-form"));
    expect(document.body.textContent).toContain("Our enquiry form can't be shown right now");
    arrive({ default: Form });
    await done;
    expect(await screen.findByRole("button", { name: "Late form 0" })).toBeTruthy();
  });
});

describe("a region the server could not compose", () => {
  it("is rendered by the browser from the remote's routes, with a Retry that loads them again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    document.body.innerHTML +=
      '<div class="host-remote" data-remote="inventory" data-region="browser"><div class="host-remote-loading"><p>Loading...</p></div></div>';
    loadRemoteRoutes.mockRejectedValueOnce(new Error("down")).mockResolvedValue({ default: () => <h1>Trailers</h1> });
    await hydrateIslands();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Our vehicle and trailer inventory can't be shown right now");
    expect(screen.getByRole("link", { name: "403-555-0140" }).getAttribute("href")).toBe("tel:+14035550140");
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Trailers" })).toBeTruthy();
    expect(loadRemoteRoutes).toHaveBeenLastCalledWith("inventory", 1);
  });
});
