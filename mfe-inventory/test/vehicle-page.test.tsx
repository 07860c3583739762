import { cleanup, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import { PEER_MODULE_LOADER_KEY } from "remote-kit";
import { renderAt } from "remote-kit/test-harness";
import { leadFormElementId, toVehicleListing, type Vehicle } from "shared-types";
import { afterEach, describe, expect, it, vi } from "vitest";

const VEHICLE: Vehicle = {
  stock_number: "SF100000",
  vin: "1GT49REY5SF100000",
  year: 2025,
  make: "GMC",
  model: "Sierra 2500HD",
  trim: "Pro",
  condition: "new",
  status: "available",
  body_style: "Pickup",
  engine: "6.6L Duramax",
  transmission: "10-speed automatic",
  exterior: "Summit White",
  interior: "Jet Black",
  odometer: 0,
  fuel_type: "Diesel",
  drive_train: "4WD",
  fuel_efficiency_city: 0,
  fuel_efficiency_highway: 0,
  full_price: 89_900,
  low_price: 84_500,
  discount: 5_400,
  primary_image: "/api/media/vehicles/pickup/ffffff/1/r640",
  images: ["/api/media/vehicles/pickup/ffffff/1/r640", "/api/media/vehicles/pickup/ffffff/2/r640"],
  photos: [],
  options: ["Heavy-duty trailering package with integrated brake controller", "A/C", "Backup Camera"],
  // as the API sends it: sanitised to formatting tags (api/test covers the sanitising)
  comments: "<p>Fleet ready with <strong>upfit-ready</strong> frame</p>",
  dealership: "shfl",
  inventory_type: "",
  listed_at: "2026-10-01",
  charges: [
    { kind: "freight_pdi", label: "Freight and PDI", amount_cents: 239_500 },
    { kind: "admin_fee", label: "Administration fee", amount_cents: 49_900 },
    { kind: "levy", label: "AMVIC levy", amount_cents: 625 },
    { kind: "levy", label: "Alberta tire recycling fee (4 tires)", amount_cents: 1_600 },
    { kind: "levy", label: "Federal air-conditioning excise tax", amount_cents: 10_000 },
  ],
  conditional_offers: [
    {
      id: "gm-business-choice",
      title: "GM Business Choice fleet incentive",
      amount_cents: 150_000,
      who_qualifies: "Registered businesses with a GM Fleet Account Number (FAN), buying for business use.",
      ends_on: "2027-01-05",
    },
  ],
  gvwr_lb: 11_350,
  gvwr_kg: 5_148,
  gvwr_class: 3,
  body_type: "pickup",
  body_length_ft: 8.2,
  cab_type: "regular",
  wheelbase_in: 141.6,
  fuel: "diesel",
  payload_lb: 4_050,
  payload_kg: 1_837,
};

let vehicle: Vehicle | null = VEHICLE;
vi.mock("../src/api/inventory-api", () => ({
  fetchVehicle: async () => vehicle,
  fetchSimilarVehicles: async () => [],
}));
// team leads' form stands in as an empty form with its id: this file is about the inventory's own page
const peerProps: unknown[] = [];
(globalThis as Record<string, unknown>)[PEER_MODULE_LOADER_KEY] = async (id: string) => ({
  default: (props: unknown) => {
    if (id !== "leads/vehicle-contact-form") return <form />;
    peerProps.push(props);
    return <form id={leadFormElementId("vehicle-contact")} aria-label="Ask about this vehicle" />;
  },
});
const { VehiclePage } = await import("../src/pages/vehicle-page");

afterEach(() => {
  cleanup();
  vehicle = VEHICLE;
});

const renderPage = () =>
  renderAt(
    "/inventory/vehicle/SF100000",
    <Routes>
      <Route path="/inventory/vehicle/:id" element={<VehiclePage />} />
    </Routes>,
  );

describe("the vehicle page", () => {
  it("gives team leads' form its unit as hidden fields of that form (the form can then be one for every unit)", async () => {
    await renderPage();
    const form = (await screen.findByRole("form", { name: "Ask about this vehicle" })) as HTMLFormElement;
    const given = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value;
    expect([given("stock_number"), given("vin"), given("make"), given("model")]).toEqual([
      VEHICLE.stock_number,
      VEHICLE.vin,
      VEHICLE.make,
      VEHICLE.model,
    ]);
    // team leads' form on a release that takes nothing from the page still has its unit
    expect(peerProps.at(-1)).toEqual({
      stockNumber: VEHICLE.stock_number,
      vin: VEHICLE.vin,
      make: VEHICLE.make,
      model: VEHICLE.model,
    });
  });

  it("renders the comments' formatting as HTML", async () => {
    const { container } = await renderPage();
    expect(await screen.findByText("upfit-ready")).toBeTruthy();
    expect(container.querySelector(".inventory-comments strong")?.textContent).toBe("upfit-ready");
  });

  it("shows the dual price on all-in amounts: MSRP struck through, discount, sale price, labelled with the stock number", async () => {
    const { container } = await renderPage();
    await screen.findByText("upfit-ready");
    // $89,900 and $84,500 plus $3,016.25 of charges; the discount is the unit's own
    expect(container.querySelector(".inventory-price s")?.textContent).toBe("$92,916.25");
    expect(screen.getByText("$5,400")).toBeTruthy();
    expect(container.querySelector(".inventory-price__sale")?.textContent).toBe("$87,516.25");
    expect(container.querySelector(".inventory-price__label")?.textContent).toBe(
      "All-in price, plus GST · Stock #SF100000",
    );
  });

  it("breaks the all-in price down into the unit's price and each charge, adding up to the cent", async () => {
    const { container } = await renderPage();
    await screen.findByText("upfit-ready");
    const rows = [...container.querySelectorAll(".inventory-breakdown tbody tr")].map((row) => [
      row.querySelector("th")?.textContent,
      row.querySelector("td")?.textContent,
    ]);
    expect(rows).toEqual([
      ["Vehicle sale price", "$84,500"],
      ["Freight and PDI", "$2,395"],
      ["Administration fee", "$499"],
      ["AMVIC levy", "$6.25"],
      ["Alberta tire recycling fee (4 tires)", "$16"],
      ["Federal air-conditioning excise tax", "$100"],
    ]);
    expect(container.querySelector(".inventory-breakdown tfoot td")?.textContent).toBe("$87,516.25");
    expect(container.querySelector(".inventory-breakdown__note")?.textContent).toContain("Plus GST");
  });

  it("says Contact Us for Pricing when the unit has no price", async () => {
    vehicle = { ...VEHICLE, full_price: 0, low_price: 0, discount: 0 };
    const { container } = await renderPage();
    expect(await screen.findByText("Contact Us for Pricing")).toBeTruthy();
    expect(container.querySelector(".inventory-breakdown")).toBeNull();
  });

  it("resizes /r640 thumbnails to 75 wide and makes a clicked one the main image, dimmed until loaded", async () => {
    const { container } = await renderPage();
    await screen.findByText("upfit-ready");
    const thumbs = [...container.querySelectorAll(".inventory-gallery button img")] as HTMLImageElement[];
    expect(thumbs.map((t) => t.getAttribute("src"))).toEqual([
      "/api/media/vehicles/pickup/ffffff/1/r75",
      "/api/media/vehicles/pickup/ffffff/2/r75",
    ]);
    fireEvent.click(thumbs[1]?.closest("button") as HTMLButtonElement);
    const main = container.querySelector(".inventory-gallery__main") as HTMLImageElement;
    expect(main.getAttribute("src")).toBe("/api/media/vehicles/pickup/ffffff/2/r640");
    expect(main.className).toContain("inventory-gallery__main--loading");
    fireEvent.load(main);
    expect(main.className).not.toContain("inventory-gallery__main--loading");
  });

  it("lists options shortest first; a sold unit's page says it has been sold, with a way back", async () => {
    const { container } = await renderPage();
    await screen.findByText("upfit-ready");
    expect([...container.querySelectorAll(".inventory-options li")].map((li) => li.textContent)).toEqual([
      "A/C",
      "Backup Camera",
      "Heavy-duty trailering package with integrated brake controller",
    ]);
    cleanup();
    vehicle = { ...VEHICLE, status: "sold" };
    await renderPage();
    expect(await screen.findByRole("heading", { name: "This unit has been sold" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the inventory search" }).getAttribute("href")).toBe("/inventory");
  });

  it("shows the work-truck facts and the fleet incentive apart from the all-in price, with who qualifies", async () => {
    const { container } = await renderPage();
    await screen.findByText("upfit-ready");
    const fields = Object.fromEntries(
      [...container.querySelectorAll(".inventory-fields > div")].map((d) => [
        d.querySelector("dt")?.textContent,
        d.querySelector("dd")?.textContent,
      ]),
    );
    expect(fields).toMatchObject({
      "Body or Upfit": "Pickup, 8.2 ft",
      GVWR: "5,148 kg (11,350 lb), class 3",
      Payload: "1,837 kg (4,050 lb)",
      Cab: "Regular cab",
      Wheelbase: "141.6 in",
    });
    const offers = screen.getByRole("region", { name: "Offers you may qualify for" });
    expect(offers.textContent).toContain("GM Business Choice fleet incentive: $1,500 off");
    expect(offers.textContent).toContain("Who qualifies: Registered businesses with a GM Fleet Account Number");
    expect(offers.textContent).toContain("Ends January 5, 2027.");
    expect(offers.textContent).toContain("Not included in the all-in price above");
    // the advertised price is untouched by the offer
    expect(container.querySelector(".inventory-price__sale")?.textContent).toBe("$87,516.25");
  });

  describe("the payment estimate", () => {
    /** P = F·r / (1 − (1 + r)^−n), the annuity formula, independent of the library the page uses */
    const payment = (financedCents: number, apr: number, periods: number, perYear: number) => {
      const r = apr / 100 / perYear;
      return Math.round((financedCents * r) / (1 - (1 + r) ** -periods));
    };
    const dollars = (cents: number) =>
      new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD", currencyDisplay: "narrowSymbol" }).format(
        cents / 100,
      );
    // $87,516.25 all-in plus $4,375.81 GST
    const financed = 8_751_625 + 437_581;

    it("finances the all-in price plus GST at the example rate, monthly and bi-weekly, with the disclosure", async () => {
      await renderPage();
      await screen.findByText("upfit-ready");
      expect(screen.getByTestId("estimate-monthly").textContent).toBe(dollars(payment(financed, 7.99, 60, 12)));
      expect(screen.getByTestId("estimate-biweekly").textContent).toBe(dollars(payment(financed, 7.99, 130, 26)));
      const disclosure = document.querySelector(".inventory-estimate__disclosure")?.textContent ?? "";
      expect(disclosure).toContain("on approved credit (OAC)");
      expect(disclosure).toContain(`finances ${dollars(financed)} at 7.99% APR over 60 months`);
      const monthly = payment(financed, 7.99, 60, 12);
      expect(disclosure).toContain(`total cost of borrowing ${dollars(monthly * 60 - financed)}`);
    });

    it("updates as the visitor types, by keyboard, and keeps bad input with a clear message", async () => {
      await renderPage();
      await screen.findByText("upfit-ready");
      const user = userEvent.setup();
      const down = screen.getByLabelText("Down payment");
      await user.click(down);
      await user.keyboard("{Control>}a{/Control}10000");
      expect(screen.getByTestId("estimate-monthly").textContent).toBe(
        dollars(payment(financed - 1_000_000, 7.99, 60, 12)),
      );
      await user.tab();
      expect(document.activeElement).toBe(screen.getByLabelText("Annual percentage rate (APR)"));
      await user.keyboard("{Control>}a{/Control}4.5x");
      expect((screen.getByLabelText("Annual percentage rate (APR)") as HTMLInputElement).value).toBe("4.5x");
      expect(screen.getByText("Enter a rate from 0 to 30%, for example 7.99.")).toBeTruthy();
      expect(screen.queryByTestId("estimate-monthly")).toBeNull();
      await user.keyboard("{Backspace}");
      await user.tab();
      await user.selectOptions(screen.getByLabelText("Term"), "84");
      expect(screen.getByTestId("estimate-monthly").textContent).toBe(
        dollars(payment(financed - 1_000_000, 4.5, 84, 12)),
      );
    });

    it("estimates a closed-end lease for business buyers with its residual", async () => {
      await renderPage();
      await screen.findByText("upfit-ready");
      await userEvent.click(screen.getByLabelText("Lease (business buyers, closed-end)"));
      const disclosure = document.querySelector(".inventory-estimate__disclosure")?.textContent ?? "";
      expect(disclosure).toContain("Closed-end lease estimate for business use, on approved credit (OAC)");
      expect(disclosure).toContain("at 7.49% APR over 48 months");
      expect(disclosure).toContain(`option to buy the unit for ${dollars(Math.round(8_751_625 * 0.3))}`);
      expect(screen.getByText("plus GST on each payment")).toBeTruthy();
    });

    it("is not offered for a unit without a price", async () => {
      vehicle = { ...VEHICLE, full_price: 0, low_price: 0, discount: 0 };
      await renderPage();
      expect(await screen.findByText("Contact Us for Pricing")).toBeTruthy();
      expect(screen.queryByRole("heading", { name: "Estimate your payment" })).toBeNull();
      expect(screen.queryByRole("region", { name: "Offers you may qualify for" })).toBeNull();
    });
  });
});

describe("a unit's card in a list", () => {
  it("carries what it shows and no more: its first photo, its charges as their total, the same all-in price", async () => {
    const { toVehicleCard } = await import("../src/components/vehicle-card");
    const { VehiclePrice } = await import("../src/components/vehicle-price");
    const photo = (id: string) => ({ id: id.repeat(32), width: 1600, height: 1200 });
    const unit = { ...VEHICLE, photos: [photo("a"), photo("b"), photo("c")] };
    const card = toVehicleCard(unit);
    expect(card.photo).toEqual(photo("a"));
    expect(Object.keys(card)).not.toContain("photos");
    expect(Object.keys(card)).not.toContain("charges");
    expect(JSON.stringify(card).length).toBeLessThan(JSON.stringify(toVehicleListing(unit)).length * 0.7);
    const price = async (vehicle: Parameters<typeof VehiclePrice>[0]["vehicle"]) =>
      (await renderAt("/inventory", <VehiclePrice vehicle={vehicle} inList />)).container.innerHTML;
    const fromCard = await price(card);
    cleanup();
    expect(await price(unit)).toBe(fromCard);
  });

  it("names its stock number once, among its facts, and its all-in price without it", async () => {
    const { VehicleListItem } = await import("../src/components/vehicle-list-item");
    const { toVehicleCard } = await import("../src/components/vehicle-card");
    const { container } = await renderAt(
      "/inventory",
      <ul>
        <VehicleListItem vehicle={toVehicleCard(VEHICLE)} first />
      </ul>,
    );
    const card = container.querySelector(".inventory-item");
    expect(card?.textContent?.match(/Stock #SF100000/g)).toHaveLength(1);
    expect(card?.querySelector(".inventory-price__label")?.textContent).toBe("All-in price, plus GST");
    expect(card?.querySelector(".inventory-price__sale")?.textContent).toBe("$87,516.25");
  });
});
