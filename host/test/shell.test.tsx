import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TEST_SITE } from "remote-kit/testing";
import { describe, expect, it } from "vitest";
import MapPlaceholder from "../src/features/home/components/map-placeholder";
import TopNav from "../src/features/shell/components/top-nav";
import { currentNavHrefs } from "../src/features/shell/nav-entries";
import { renderApp } from "../src/server/render-app";

/** The shell as the server sends it (it is never hydrated as a whole), in a document of its own. */
function serverShell(path: string): Document {
  return new DOMParser().parseFromString(`<div id="root">${renderApp(path, TEST_SITE, null)}</div>`, "text/html");
}

describe("the top navigation", () => {
  it("lists the entries of SPEC §2 in order", () => {
    render(<TopNav current={[]} />);
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
    render(<TopNav current={[]} />);
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
    render(<TopNav current={[]} />);
    const menu = document.getElementById(
      screen.getByRole("button", { name: "Inventory" }).getAttribute("aria-controls") ?? "",
    );
    const gmc =
      within(menu as HTMLElement)
        .getByRole("link", { name: "GMC" })
        .getAttribute("href") ?? "";
    expect(JSON.parse(new URL(gmc, "http://x").searchParams.get("filters") ?? "")).toEqual({ make: ["GMC"] });
  });

  it("says which page is open, from the address the server rendered it for", () => {
    expect(currentNavHrefs("/service/isuzu-nrr-diesel")).toEqual(["/service"]);
    expect(currentNavHrefs("/inventory/vehicle/KF116596")).toEqual([]);
    expect(currentNavHrefs("/trailer-inventory")).toEqual(["/trailer-inventory"]);
    render(<TopNav current={currentNavHrefs("/service/isuzu-nrr-diesel")} />);
    const top = (name: string) =>
      [...document.querySelectorAll(".host-nav__list > li > a")].find((a) => a.textContent === name);
    expect(top("Service")?.getAttribute("aria-current")).toBe("page");
    expect(top("Parts")?.getAttribute("aria-current")).toBeNull();
  });
});

describe("the shell from the server", () => {
  it("works before any script: the menu is an island over plain links, the mobile menu a checkbox", () => {
    const page = serverShell("/parts");
    const island = page.querySelector('fleet-island[data-island="host/nav"]');
    expect(JSON.parse(island?.querySelector("script[data-island-props]")?.textContent ?? "{}")).toEqual({
      current: ["/parts"],
    });
    expect(page.querySelector('input[type="checkbox"]#host-menu-toggle')).not.toBeNull();
    expect(page.querySelector('label[for="host-menu-toggle"]')).not.toBeNull();
    // every entry of every submenu is a link in the HTML, reachable without a script
    expect(page.querySelectorAll(".host-nav__submenu a[href]").length).toBe(9);
    expect(page.querySelector('a[href="/parts"]')?.getAttribute("aria-current")).toBe("page");
    expect(page.querySelector("footer")?.textContent).toContain("Parts Hours");
  });

  it("is rendered once for every page that shows the same, with the same dealership's details", () => {
    const site = { ...TEST_SITE, business: { ...TEST_SITE.business, name: "Fleet Before" } };
    const region = { mode: "islands", remote: "inventory" } as const;
    const unitPage = (stock: string, details = site) =>
      renderApp(`/inventory/vehicle/${stock}`, details, region, `<p>unit ${stock}</p>`);
    const first = unitPage("AA000001");
    expect(first).toContain("<p>unit AA000001</p>");
    // the same details (as the host holds them until it next asks the API): the shell kept is used, as it was
    site.business.name = "Fleet After";
    const second = unitPage("AA000002");
    expect(second).toContain("<p>unit AA000002</p>");
    expect(second.replace("AA000002", "AA000001")).toBe(first);
    // new details: a new shell, and the menu still marks what the address says
    const renewed = { ...site, business: { ...site.business } };
    expect(unitPage("AA000003", renewed)).toContain("Fleet After");
    const parts = new DOMParser().parseFromString(renderApp("/parts", renewed, null), "text/html");
    expect(parts.querySelector('a[href="/parts"]')?.getAttribute("aria-current")).toBe("page");
  });

  it("has the home page's hero, four solutions, four brands and a map placeholder that is a link to the map", () => {
    const page = serverShell("/");
    expect(page.querySelector("h1")?.textContent).toBe("Quality Fleet Vehicles & Services");
    expect(page.querySelector('a[href="/inventory"].host-hero__cta')).not.toBeNull();
    expect(page.querySelectorAll(".host-solutions__item")).toHaveLength(4);
    expect(page.querySelectorAll(".host-brands__card")).toHaveLength(4);
    expect(page.querySelector("iframe")).toBeNull();
    const map = page.querySelector('fleet-island[data-island="host/map"] a.host-map--placeholder');
    expect(map?.getAttribute("href")).toMatch(/^https:\/\/www\.google\.com\/maps\/search\//);
  });
});

describe("the home page's map", () => {
  it("loads the external map only on click, once its island is interactive", async () => {
    render(<MapPlaceholder />);
    expect(document.querySelector("iframe")).toBeNull();
    await userEvent.click(screen.getByRole("link", { name: /Click to load the map/ }));
    expect(document.querySelector("iframe")?.getAttribute("src")).toMatch(/google\.com\/maps/);
  });
});
