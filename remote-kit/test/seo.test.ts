import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, dealerJsonLd } from "../src/seo";
import { TEST_BUSINESS_DETAILS as BUSINESS_DETAILS } from "../src/testing.js";

type Hours = { opens: string; closes: string }[];
type Department = { "@type": string; openingHoursSpecification: Hours; specialOpeningHoursSpecification?: Hours };
const departmentsOf = (business: typeof BUSINESS_DETAILS) =>
  (dealerJsonLd("https://summitheavyfleet.ca", business) as unknown as { department: Department[] }).department;

describe("structured data", () => {
  it("groups days with the same hours and leaves out closed and by-appointment days", () => {
    const [service, parts] = departmentsOf(BUSINESS_DETAILS);
    expect(service?.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((d) => `https://schema.org/${d}`),
        opens: "07:30",
        closes: "16:30",
      },
    ]);
    expect(parts?.openingHoursSpecification.map((p) => [p.opens, p.closes])).toEqual([
      ["08:00", "18:00"],
      ["08:00", "17:30"],
      ["08:00", "15:00"],
    ]);
  });

  it("describes the dealership with its service, parts and body-shop departments, each with its own hours", () => {
    const dealer = dealerJsonLd("https://summitheavyfleet.ca", BUSINESS_DETAILS) as unknown as Record<string, unknown>;
    expect(dealer["@type"]).toBe("AutoDealer");
    expect(dealer.geo).toEqual({
      "@type": "GeoCoordinates",
      latitude: BUSINESS_DETAILS.geo.latitude,
      longitude: BUSINESS_DETAILS.geo.longitude,
    });
    const departments = dealer.department as { "@type": string; telephone: string }[];
    expect(departments.map((d) => [d["@type"], d.telephone])).toEqual([
      ["AutoRepair", BUSINESS_DETAILS.phone_service],
      ["AutoPartsStore", BUSINESS_DETAILS.phone_sales],
      ["AutoBodyShop", BUSINESS_DETAILS.phone_service],
    ]);
  });

  it("writes each department's closures not over yet as days closed (specialOpeningHoursSpecification)", () => {
    const closures = [
      { from: "2000-11-01", to: "2000-11-02", note: "Past", departments: ["parts" as const] },
      { from: "2999-12-25", to: "2999-12-26", note: "Christmas", departments: ["sales" as const, "parts" as const] },
    ];
    const [service, parts] = departmentsOf({ ...BUSINESS_DETAILS, closures });
    expect(parts?.specialOpeningHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        validFrom: "2999-12-25",
        validThrough: "2999-12-26",
        opens: "00:00",
        closes: "00:00",
        description: "Christmas",
      },
    ]);
    expect(service?.specialOpeningHoursSpecification).toBeUndefined();
    // none set: the structured data says nothing of them
    expect(JSON.stringify(dealerJsonLd("https://summitheavyfleet.ca", BUSINESS_DETAILS))).not.toContain("special");
  });

  it("numbers a breadcrumb trail from 1, from the home page, with absolute addresses", () => {
    const trail = breadcrumbJsonLd("https://x.ca", [{ name: "Inventory", path: "/inventory" }]);
    expect(trail.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://x.ca/" },
      { "@type": "ListItem", position: 2, name: "Inventory", item: "https://x.ca/inventory" },
    ]);
  });
});
