import { screen } from "@testing-library/react";
import { PEER_MODULE_LOADER_KEY } from "remote-kit";
import { renderAt } from "remote-kit/test-harness";
import { describe, expect, it, vi } from "vitest";

vi.mock("../src/api/promotions-api", () => ({ fetchPromotions: async () => [] }));
vi.mock("../src/api/booking-api", () => ({
  fetchBookingOptions: async () => ({
    kinds: [{ id: "alignments", name: "Alignments", minutes: 90, shop: "service" }],
    weeksAhead: 6,
    today: "2026-11-30",
  }),
  fetchFreeTimes: async () => [{ startsAt: "2026-12-01T14:30:00.000Z", date: "2026-12-01", clock: "07:30" }],
  fetchBookingByLink: async () => ({
    reference: "FQ-0000ABCD",
    starts_at: "2026-12-01T14:30:00.000Z",
    when: "Tuesday, December 1, 2026 at 7:30 a.m.",
    work: ["Alignments"],
    kinds: ["alignments"],
    stay: "wait",
    status: "booked",
    changeable: true,
  }),
}));
vi.mock("../src/api/plan-api", () => ({
  fetchPlanByLink: async () => ({
    words: "Every 15,000 km",
    every: "km",
    status: "active",
    next_due: null,
    units: [{ name: "2021 Isuzu NPR-HD", unit_number: "U-1", serviced_km: 84200, reported_km: null, due: false }],
    visits: [],
  }),
}));
vi.mock("remote-kit", async (original) => ({
  ...(await original<typeof import("remote-kit")>()),
  loadDeclaredPeerData: async () => ({ models: [], legacyIds: {} }),
}));
// team leads' forms stand in as empty forms: the route table is under test
(globalThis as Record<string, unknown>)[PEER_MODULE_LOADER_KEY] = async () => ({ default: () => <form /> });
const { default: ServiceRoutes, SERVICE_ROUTES } = await import("../src/routes");

// Every route this remote declares (its manifest tells the host, so the host sends these paths here): each renders its page.
const PAGES: Record<string, [path: string, heading: string]> = {
  "/service": ["/service", "Service Department"],
  "/service/:id": ["/service/isuzu-nrr-diesel", "Service Department"],
  "/book-service": ["/book-service?work=alignments", "Book a Service Appointment"],
  "/book-service/:token": ["/book-service/0b7c6a1e-0000-4000-8000-000000000000-0-x", "Your Service Appointment"],
  "/book-service/plan/:token": ["/book-service/plan/0b7c6a1e-0000-4000-8000-000000000000-plan-x", "Your Service Plan"],
  "/parts": ["/parts", "Parts Department"],
  "/parts/:id": ["/parts/isuzu-nrr-diesel", "Parts Department"],
  "/services/:link": ["/services/alignments", "Alignments"],
  "/body-shop": ["/body-shop", "Body Shop"],
  "/body-shop-services/:link": ["/body-shop-services/estimates", "Estimates"],
  "/sales-specials": ["/sales-specials", "Sales Specials"],
  "/parts-specials": ["/parts-specials", "Parts Specials"],
  "/service-specials": ["/service-specials", "Service Specials"],
  "/specials": ["/specials", "Specials"],
};

describe("team service's route table", () => {
  it("has a page test for every route it declares", () => {
    expect(Object.keys(PAGES).sort()).toEqual(SERVICE_ROUTES.map((r) => r.path).sort());
  });

  for (const pattern of SERVICE_ROUTES.map((r) => r.path)) {
    const [path, heading] = PAGES[pattern] ?? ["", ""];
    it(`renders ${path} with its heading`, async () => {
      await renderAt(path, <ServiceRoutes />);
      expect((await screen.findByRole("heading", { level: 1, name: heading })).textContent).toBe(heading);
    });
  }
});
