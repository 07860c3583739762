import { describe, expect, it } from "vitest";
import {
  allInBreakdown,
  allInPriceCents,
  deriveInventoryProperties,
  formatCents,
  formatOdometer,
  formatPrice,
  indefiniteArticle,
  LEAD_DESTINATIONS,
  LEAD_FORMS,
  paths,
  promotionRendering,
  promotionsForDepartment,
  sortOptionsForDisplay,
  telHref,
  thumbnailUrl,
  type Vehicle,
  vehiclePriceDisplay,
  withAlternateKeys,
} from "../src/index.js";
import { leadCaptureRequestSchema, promotionSchema } from "../src/schemas.js";

const vehicle = (over: Partial<Vehicle>): Vehicle => ({
  stock_number: "S1",
  vin: "1GT49REY0RF123456",
  year: 2024,
  make: "GMC",
  model: "Sierra 2500HD",
  trim: "Pro",
  condition: "new",
  status: "available",
  body_style: "Pickup",
  engine: "6.6L V8",
  transmission: "10-speed automatic",
  exterior: "White",
  interior: "Jet Black",
  odometer: 0,
  fuel_type: "Gas",
  drive_train: "4WD",
  fuel_efficiency_city: 0,
  fuel_efficiency_highway: 0,
  full_price: 0,
  low_price: 0,
  discount: 0,
  primary_image: "",
  images: [],
  photos: [],
  options: [],
  comments: "",
  dealership: "shfl",
  inventory_type: "",
  listed_at: "2026-01-01",
  charges: [],
  conditional_offers: [],
  gvwr_lb: 10_000,
  gvwr_kg: 4_536,
  gvwr_class: 2,
  body_type: "pickup",
  body_length_ft: 8.2,
  cab_type: "regular",
  wheelbase_in: 141.6,
  fuel: "gas",
  payload_lb: 3_400,
  payload_kg: 1_542,
  ...over,
});

/** A new Isuzu's charges as the dealership lists them: cents that do not round to dollars. */
const ISUZU_CHARGES = [
  { kind: "freight_pdi", label: "Freight and PDI", amount_cents: 319_500 },
  { kind: "admin_fee", label: "Administration fee", amount_cents: 49_900 },
  { kind: "levy", label: "AMVIC levy", amount_cents: 625 },
  { kind: "levy", label: "Alberta tire recycling fee (6 tires)", amount_cents: 2_400 },
  { kind: "levy", label: "Federal air-conditioning excise tax", amount_cents: 10_000 },
  { kind: "accessory", label: "Rear-view camera, installed", amount_cents: 48_933 },
] as const satisfies Vehicle["charges"];

describe("phones", () => {
  it("makes tel: links", () => {
    expect(telHref("403-555-0140")).toBe("tel:+14035550140");
  });
});

describe("formatting", () => {
  it("prices, distances and articles", () => {
    expect(formatPrice(37880)).toBe("$37,880");
    expect(formatOdometer(123456)).toBe("123,456 km");
    expect(indefiniteArticle("Isuzu NPR-HD")).toBe("an");
    expect(indefiniteArticle("Express Cargo Van")).toBe("an");
    expect(indefiniteArticle("GMC Sierra 1500")).toBe("a");
  });
});

describe("vehicle rules", () => {
  it("price display: dual, single, contact", () => {
    expect(vehiclePriceDisplay(vehicle({ full_price: 80000, low_price: 72000 }))).toEqual({
      kind: "dual",
      regularLabel: "MSRP",
      regular: 8_000_000,
      discount: 800_000,
      sale: 7_200_000,
    });
    expect(vehiclePriceDisplay(vehicle({ condition: "used", full_price: 50000, low_price: 45000 }))).toMatchObject({
      regularLabel: "Retail Price",
    });
    expect(vehiclePriceDisplay(vehicle({ full_price: 50000, low_price: 50000 }))).toEqual({
      kind: "single",
      amount: 5_000_000,
    });
    expect(vehiclePriceDisplay(vehicle({ full_price: 50000 }))).toEqual({ kind: "single", amount: 5_000_000 });
    expect(vehiclePriceDisplay(vehicle({ low_price: 41000 }))).toEqual({ kind: "single", amount: 4_100_000 });
    expect(vehiclePriceDisplay(vehicle({}))).toEqual({ kind: "contact" });
  });

  it("all-in prices: the charges are in both the MSRP and the sale price, the discount is the unit's own", () => {
    const charges = 319_500 + 49_900 + 625 + 2_400 + 10_000 + 48_933;
    expect(vehiclePriceDisplay(vehicle({ full_price: 80000, low_price: 72000, charges: ISUZU_CHARGES }))).toEqual({
      kind: "dual",
      regularLabel: "MSRP",
      regular: 8_000_000 + charges,
      discount: 800_000,
      sale: 7_200_000 + charges,
    });
    // a unit without a price shows no all-in amount, whatever its charges
    expect(vehiclePriceDisplay(vehicle({ charges: ISUZU_CHARGES }))).toEqual({ kind: "contact" });
    expect(allInBreakdown(vehicle({ charges: ISUZU_CHARGES }))).toBeNull();
  });

  it("the breakdown adds up to the advertised price to the cent", () => {
    const unit = vehicle({ full_price: 74_995, low_price: 71_250, charges: ISUZU_CHARGES });
    const breakdown = allInBreakdown(unit);
    expect(breakdown?.vehicleCents).toBe(7_125_000);
    const lines = [breakdown?.vehicleCents ?? 0, ...(breakdown?.charges ?? []).map((c) => c.amount_cents)];
    expect(lines.reduce((a, b) => a + b, 0)).toBe(breakdown?.totalCents);
    expect(breakdown?.totalCents).toBe(7_556_358);
    expect(allInPriceCents(unit)).toBe(7_556_358);
    // what a visitor reads: the total and each line, formatted from the same cents
    expect(formatCents(7_556_358)).toBe("$75,563.58");
    expect(formatCents(625)).toBe("$6.25");
    expect(formatCents(7_200_000)).toBe("$72,000");
  });

  it("derives properties: years descending, models per make sorted, price range ignoring zero prices", () => {
    const props = deriveInventoryProperties(
      [
        vehicle({ year: 2023, make: "Isuzu", model: "NRR", body_style: "Cab Chassis", low_price: 0, full_price: 0 }),
        vehicle({ year: 2025, make: "Isuzu", model: "NPR-HD", low_price: 61000 }),
        vehicle({ year: 2024, make: "GMC", model: "Canyon", low_price: 0, full_price: 45000 }),
      ].map((v) => ({ ...v, price: allInPriceCents(v) / 100 })),
    );
    expect(props.years).toEqual([2025, 2024, 2023]);
    expect(props.makes).toEqual(["GMC", "Isuzu"]);
    expect(props.models.Isuzu).toEqual(["NPR-HD", "NRR"]);
    expect(props.body_styles).toEqual(["Cab Chassis", "Pickup"]);
    expect([props.price_lower, props.price_upper]).toEqual([45000, 61000]);
  });

  it("resizes /r640 thumbnails to 75 and sorts options by length with a minimum of 32", () => {
    expect(thumbnailUrl("https://cdn.example/a/b/r640")).toBe("https://cdn.example/a/b/r75");
    expect(thumbnailUrl("https://cdn.example/a/b.jpg")).toBe("https://cdn.example/a/b.jpg");
    const long = "Heavy-duty trailering package with integrated brake controller";
    expect(sortOptionsForDisplay([long, "A/C", "Backup Camera"])).toEqual(["A/C", "Backup Camera", long]);
  });
});

describe("leads", () => {
  it("has the seven destinations of SPEC §7 plus the vehicle finder and the fleet quote", () => {
    expect(Object.values(LEAD_DESTINATIONS)).toHaveLength(9);
    expect(LEAD_DESTINATIONS.vdpContactForm).toBe("VDPContactForm");
    expect(LEAD_DESTINATIONS.vehicleServiceRequest).toBe("VehicleServiceRequest");
  });

  it("requires first name and email where the form does, and not for more-info", () => {
    const contact = leadCaptureRequestSchema.safeParse({ form: "contact", destination: "ContactUs", message: "hi" });
    expect(contact.error?.issues.map((i) => i.path[0])).toEqual(["first_name", "email"]);
    expect(leadCaptureRequestSchema.safeParse({ form: "more-info", destination: "VehicleMoreInfo" }).success).toBe(
      true,
    );
    const vdp = leadCaptureRequestSchema.safeParse({
      form: "vehicle-contact",
      destination: "VDPContactForm",
      first_name: "A",
      email: "nope",
    });
    expect(vdp.error?.issues[0]?.message).toBe("Enter a valid email address");
    // the service inline form and the service request share a destination but not their rules
    expect(
      leadCaptureRequestSchema.safeParse({ form: "service-booking", destination: "VehicleServiceRequest" }).success,
    ).toBe(true);
    expect(
      leadCaptureRequestSchema.safeParse({ form: "service-request", destination: "VehicleServiceRequest" }).success,
    ).toBe(false);
  });

  it("gives each form its destination and refuses a form posting to another's", () => {
    expect(LEAD_FORMS.contact.destination).toBe("ContactUs");
    expect(LEAD_FORMS["trailer-enquiry"].destination).toBe("VDPContactForm");
    expect(LEAD_FORMS.quote.destination).toBe("RequestAQuote");
    const wrong = leadCaptureRequestSchema.safeParse({ form: "quote", destination: "ContactUs" });
    expect(wrong.error?.issues[0]?.path).toEqual(["destination"]);
    const sevenOfSpec = new Set(Object.values(LEAD_FORMS).map((f) => f.destination));
    expect(sevenOfSpec.size).toBe(9);
  });

  it("copies contact fields under the alternate keys only when set", () => {
    expect(withAlternateKeys({ first_name: "Ana", email: "a@b.ca", last_name: "" })).toEqual({
      first_name: "Ana",
      email: "a@b.ca",
      last_name: "",
      FirstName: "Ana",
      Email: "a@b.ca",
    });
  });
});

describe("promotions", () => {
  const promos = [
    { id: "1", department: "service", rank: 3, html: "<p>x</p>" },
    { id: "2", department: "sales", rank: 1, image: "a.png", url: "/inventory" },
    { id: "3", department: "service", rank: 1, image: "b.png" },
  ].map((p) => promotionSchema.parse(p));

  it("filters by department and orders by ascending rank", () => {
    expect(promotionsForDepartment(promos, "service").map((p) => p.id)).toEqual(["3", "1"]);
  });

  it("renders html first, then a linked image, then a plain image", () => {
    expect(promos.map(promotionRendering)).toEqual(["html", "linked-image", "image"]);
  });
});

describe("site sections and routes", () => {
  it("every link helper gives a path of the site, with what it is given encoded (which remote answers it is declared by each remote at run time)", () => {
    expect(paths.vehicle("A/1 ?")).toBe("/inventory/vehicle/A%2F1%20%3F");
    expect(paths.model("isuzu", "isuzu-nrr-diesel")).toBe("/line-up/isuzu/isuzu-nrr-diesel");
    expect(paths.moreInfo("T#1")).toBe("/contact/more-info/T%231");
    expect(paths.contact("call_us")).toBe("/contact#call_us");
  });
});
