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

  it("shows the dual price for a discounted new unit: MSRP struck through, discount, sale price", async () => {
    const { container } = await renderPage();
    await screen.findByText("upfit-ready");
    expect(container.querySelector(".inventory-price s")?.textContent).toBe("$89,900");
    expect(screen.getByText("$5,400")).toBeTruthy();
    expect(screen.getByText("$84,500")).toBeTruthy();
  });

  it("says Contact Us for Pricing when the unit has no price", async () => {
    vehicle = { ...VEHICLE, full_price: 0, low_price: 0, discount: 0 };
    await renderPage();
    expect(await screen.findByText("Contact Us for Pricing")).toBeTruthy();
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
