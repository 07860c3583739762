import { cleanup, fireEvent, screen } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { PEER_MODULE_LOADER_KEY } from "remote-kit";
import type { Vehicle } from "shared-types";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "./render";

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
// team leads' form stands in as an empty form: this file is about the inventory's own page
(globalThis as Record<string, unknown>)[PEER_MODULE_LOADER_KEY] = async () => ({ default: () => <form /> });
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

  it("lists options shortest first and a sold unit is no longer available, with a way back", async () => {
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
    expect(await screen.findByRole("heading", { name: "This vehicle is no longer available" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the inventory search" }).getAttribute("href")).toBe("/inventory");
  });
});
