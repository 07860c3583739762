import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useNavigate } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { App } from "../src/app/app";
import { HomePage } from "../src/features/home/components/home-page";
import { SiteLayout } from "../src/features/shell/components/site-layout";

function Shell({ path = "/", children = <HomePage /> }: { path?: string; children?: React.ReactNode }) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <SiteLayout>{children}</SiteLayout>
    </MemoryRouter>
  );
}

function GoToParts() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate("/parts")}>
      go
    </button>
  );
}

describe("the top navigation", () => {
  it("lists the entries of SPEC §2 in order", () => {
    render(<Shell />);
    const nav = screen.getByRole("navigation", { name: "Main" });
    const top = [...nav.querySelectorAll(".host-nav__list > li > .host-nav__link")].map((e) => e.textContent);
    expect(top).toEqual([
      "GM",
      "Isuzu",
      "Inventory",
      "Financing",
      "Service",
      "Parts",
      "Body Shop",
      "Specials",
      "Contact Us",
    ]);
  });

  it("opens a submenu from the keyboard and closes it with Escape", async () => {
    render(<Shell />);
    const button = screen.getByRole("button", { name: "Specials" });
    button.focus();
    await userEvent.keyboard("{Enter}");
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const menu = document.getElementById(button.getAttribute("aria-controls") ?? "") as HTMLElement;
    expect(
      within(menu)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/sales-specials", "/parts-specials", "/service-specials"]);
    await userEvent.keyboard("{Escape}");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("links each Inventory brand entry to the inventory with that make preselected", () => {
    render(<Shell />);
    const menu = document.getElementById(
      screen.getByRole("button", { name: "Inventory" }).getAttribute("aria-controls") ?? "",
    );
    const gmc =
      within(menu as HTMLElement)
        .getByRole("link", { name: "GMC" })
        .getAttribute("href") ?? "";
    expect(JSON.parse(new URL(gmc, "http://x").searchParams.get("filters") ?? "")).toEqual({ make: ["GMC"] });
  });

  it("closes the mobile menu on navigation", async () => {
    render(
      <Shell>
        <GoToParts />
      </Shell>,
    );
    const toggle = screen.getByRole("checkbox", { name: "Menu" }) as HTMLInputElement;
    await userEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "go" }));
    expect(toggle.checked).toBe(false);
  });
});

describe("a page that fails", () => {
  it("keeps the shell and offers a way home, and a navigation forgets the failure", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const region = await import("../src/features/remotes/components/remote-region");
    const spy = vi.spyOn(region, "RemoteRegion").mockImplementation(() => {
      throw new URIError("URI malformed");
    });
    try {
      render(
        <MemoryRouter initialEntries={["/inventory/vehicle/%E0%A4"]}>
          <App />
        </MemoryRouter>,
      );
      expect(screen.getByRole("heading", { level: 1, name: "This page can't be shown" })).toBeTruthy();
      expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
      expect(screen.getByRole("link", { name: "Privacy notice" }).getAttribute("href")).toBe("/privacy");
      await userEvent.click(screen.getByRole("link", { name: "Go to the home page" }));
      expect(screen.queryByText("This page can't be shown")).toBeNull();
      expect(screen.getByRole("heading", { level: 1, name: /Quality Fleet Vehicles/ })).toBeTruthy();
    } finally {
      spy.mockRestore();
    }
  });
});

describe("navigation effects", () => {
  it("keeps the server's head on the first page, and resets title and description on each navigation", async () => {
    document.title = "Contact Summit Heavy Fleet, Calgary fleet dealer";
    const meta = document.createElement("meta");
    meta.name = "description";
    meta.setAttribute("data-page-head", "");
    document.head.append(meta);
    render(
      <Shell path="/contact">
        <GoToParts />
      </Shell>,
    );
    expect(document.title).toBe("Contact Summit Heavy Fleet, Calgary fleet dealer");
    expect(document.querySelector('meta[name="description"]')).not.toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "go" }));
    expect(document.title).toBe("Summit Heavy Fleet");
    expect(document.querySelector('meta[name="description"]')).toBeNull();
  });

  it("scrolls to a fragment 100 px above it after 100 ms", async () => {
    vi.useFakeTimers();
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    render(
      <Shell path="/contact#call_us">
        <section id="call_us">Call us</section>
      </Shell>,
    );
    const target = document.getElementById("call_us") as HTMLElement;
    vi.spyOn(target, "getBoundingClientRect").mockReturnValue({ top: 700 } as DOMRect);
    expect(scrollTo).not.toHaveBeenCalledWith(expect.objectContaining({ behavior: "smooth" }));
    vi.advanceTimersByTime(100);
    expect(scrollTo).toHaveBeenCalledWith({ top: 600 + window.scrollY, behavior: "smooth" });
    vi.useRealTimers();
  });
});

describe("the home page", () => {
  it("has the hero, four solutions, four brands and a map that loads only on click", async () => {
    render(<Shell />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Quality Fleet Vehicles & Services");
    expect(screen.getByRole("link", { name: "View Our Inventory" }).getAttribute("href")).toBe("/inventory");
    expect(document.querySelectorAll(".host-solutions__item")).toHaveLength(4);
    expect(document.querySelectorAll(".host-brands__card")).toHaveLength(4);
    expect(document.querySelector("iframe")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: /Click to load the map/ }));
    expect(document.querySelector("iframe")?.getAttribute("src")).toMatch(/google\.com\/maps/);
  });
});
