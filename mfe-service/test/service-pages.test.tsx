import { screen } from "@testing-library/react";
import { PEER_MODULE_LOADER_KEY } from "remote-kit";
import { renderAt as renderRoute } from "remote-kit/test-harness";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { loadSectionPage, type SectionPage } from "../src/data/service-pages";
import { BODY_SHOP_ITEMS, SERVICE_ITEMS } from "../src/data/site-sections";

/** Team catalog's published line-up, as the page reads it (remote-kit loadDeclaredPeerData), and whether it answers. */
let catalogReachable = true;
const NRR = { id: "isuzu-nrr-diesel", make: "Isuzu", name: "Isuzu NRR Diesel" };
vi.mock("remote-kit", async (original) => ({
  ...(await original<typeof import("remote-kit")>()),
  loadDeclaredPeerData: async ({ from, name }: { from: string; name: string }) => {
    if (from !== "catalog" || name !== "lineup-models" || !catalogReachable) throw new Error("catalog is down");
    return { models: [NRR], legacyIds: {} };
  },
}));

const { default: ServiceRoutes } = await import("../src/routes");

/** What team leads' forms were asked to render, by module id: a stand-in for the host's peer loader. */
let renderedForms: { id: string; props: Record<string, unknown> }[] = [];

beforeEach(() => {
  renderedForms = [];
  catalogReachable = true;
  (globalThis as Record<string, unknown>)[PEER_MODULE_LOADER_KEY] = async (id: string) => ({
    default: (props: Record<string, unknown>) => {
      renderedForms.push({ id, props });
      return <form data-lead-form={id} />;
    },
  });
});

const renderAt = (path: string) => renderRoute(path, <ServiceRoutes />);

const allPages = async (): Promise<SectionPage[]> =>
  [
    ...(await Promise.all(SERVICE_ITEMS.map((i) => loadSectionPage("service", i.link)))),
    ...(await Promise.all(BODY_SHOP_ITEMS.map((i) => loadSectionPage("body-shop", i.link)))),
  ].filter((p): p is SectionPage => p !== null);

describe("service and body-shop content", () => {
  it("has a complete page for each of the 18 services and 9 body-shop items, and none for another link", async () => {
    const all = await allPages();
    expect(all.map((p) => p.link)).toEqual([...SERVICE_ITEMS, ...BODY_SHOP_ITEMS].map((i) => i.link));
    expect(all).toHaveLength(27);
    expect(await loadSectionPage("service", "sand-blasting")).toBeNull();
    expect(await loadSectionPage("body-shop", "no-such-page")).toBeNull();
    for (const key of ["metaTitle", "metaDescription", "lead"] as const) {
      expect(new Set(all.map((p) => p[key])).size).toBe(27);
    }
    for (const page of all) {
      expect(page.blocks.length, page.link).toBeGreaterThanOrEqual(1);
      expect(page.metaDescription.length, page.link).toBeLessThanOrEqual(160);
      const words = [page.lead, ...page.blocks.flatMap((b) => [...(b.paragraphs ?? []), ...(b.list ?? [])])]
        .join(" ")
        .split(/\s+/).length;
      expect(words, page.link).toBeGreaterThan(60);
    }
    expect(JSON.stringify(all)).not.toMatch(/lorem|ipsum|placeholder|\btbd\b|todo/i);
  });

  it("states Alberta's inspection rules where SPEC §9 puts them", async () => {
    const pages = new Map((await allPages()).map((p) => [p.link, p]));
    const text = (link: string) => JSON.stringify(pages.get(link));
    const cvip = text("commercial-vehicle-inspection");
    for (const rule of ["11,794 kg", "4,500 kg", "every six months", "more than 10 people, including the driver"]) {
      expect(cvip).toContain(rule);
    }
    expect(cvip).toMatch(/record of inspection/i);
    expect(cvip).toMatch(/decal/i);
    expect(pages.get("commercial-vehicle-inspection")?.forms).toBe(2);
    const oop = text("out-of-province-inspection");
    expect(oop).toContain("within 10 days of the inspection");
    expect(oop).toContain("within 14 days of the inspection");
    expect(text("oil-air-fuel-filter-changes")).toContain("at least every 12 months");
  });
});

describe("pages", () => {
  it("/service shows the 18 links and the service request form", async () => {
    const { container } = await renderAt("/service");
    await screen.findByRole("heading", { level: 1, name: "Service Department" });
    const links = [...container.querySelectorAll(".service-grid a")].map((a) => a.getAttribute("href"));
    expect(links).toEqual(SERVICE_ITEMS.map((i) => `/services/${i.link}`));
    await screen.findByText((_, el) => el?.getAttribute("data-lead-form") === "leads/service-request-form");
    expect(renderedForms.at(-1)?.props).toEqual({});
  });

  it("/service/{id} prefills the form for the model; /parts/{unknown} says so and offers the plain form", async () => {
    const service = await renderAt("/service/isuzu-nrr-diesel");
    await screen.findByText((_, el) => el?.getAttribute("data-lead-form") === "leads/service-request-form");
    expect(renderedForms.at(-1)?.props).toEqual({ model: { make: "Isuzu", name: "Isuzu NRR Diesel" } });
    service.unmount();
    await renderAt("/parts/isuzu-zzz");
    expect(await screen.findByText(/We don't have a line-up model "isuzu-zzz"/)).toBeTruthy();
    await screen.findByText((_, el) => el?.getAttribute("data-lead-form") === "leads/parts-request-form");
    expect(renderedForms.at(-1)?.props).toEqual({});
  });

  it("a model lookup that cannot reach catalog still shows the plain form, without calling the id unknown", async () => {
    catalogReachable = false;
    await renderAt("/parts/isuzu-nrr-diesel");
    await screen.findByText((_, el) => el?.getAttribute("data-lead-form") === "leads/parts-request-form");
    expect(screen.queryByText(/We don't have a line-up model/)).toBeNull();
  });

  it("a service page has its header image, title, text and booking form; CVIP has two forms", async () => {
    const { container } = await renderAt("/services/commercial-vehicle-inspection");
    expect(await screen.findByRole("heading", { level: 1, name: "Commercial Vehicle Inspection" })).toBeTruthy();
    const hero = container.querySelector(".service-hero__image") as HTMLImageElement;
    expect(hero.getAttribute("width")).toBe("1600");
    expect(hero.getAttribute("height")).toBe("480");
    expect(screen.getByRole("heading", { name: "The inspection decal" })).toBeTruthy();
    await screen.findAllByText((_, el) => el?.getAttribute("data-lead-form") === "leads/service-booking-form");
    expect(renderedForms.map((f) => f.props)).toEqual(
      expect.arrayContaining([
        { section: "service", serviceTitle: "Commercial Vehicle Inspection", placement: "top" },
        { section: "service", serviceTitle: "Commercial Vehicle Inspection", placement: "bottom" },
      ]),
    );
    expect(document.title).toBe("Commercial Vehicle Inspection (CVIP), Calgary");
  });

  it("a body-shop page books an estimate; the landing page names the two 65 ft paint booths", async () => {
    const page = await renderAt("/body-shop-services/sand-blasting");
    await screen.findByText((_, el) => el?.getAttribute("data-lead-form") === "leads/service-booking-form");
    expect(renderedForms.at(-1)?.props).toMatchObject({ section: "body-shop", serviceTitle: "Sand Blasting" });
    page.unmount();
    const { container } = await renderAt("/body-shop");
    expect(container.textContent).toContain("Two 65 ft paint booths");
    expect(container.querySelectorAll(".service-grid a")).toHaveLength(9);
  });
});

describe("the service and body shop sections", () => {
  it("has 18 service and 9 body shop pages with unique links", () => {
    expect(SERVICE_ITEMS).toHaveLength(18);
    expect(BODY_SHOP_ITEMS).toHaveLength(9);
    expect(new Set(SERVICE_ITEMS.map((s) => s.link)).size).toBe(18);
  });
});
