import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { inStockCount } from "../src/api/resources";
import { ModelCard } from "../src/components/model-card";
import { findLineupModel, LINEUP_MODELS } from "../src/data/lineup-models";
import { CATALOG_REMOTE } from "../src/remote";

afterEach(cleanup);

describe("line-up data", () => {
  it("is valid, with unique ids, for both manufacturers", () => {
    const published = { models: LINEUP_MODELS, legacyIds: {} };
    expect(CATALOG_REMOTE.data["lineup-models"].shape.safeParse(published).error?.issues ?? []).toEqual([]);
    expect(new Set(LINEUP_MODELS.map((m) => m.id)).size).toBe(LINEUP_MODELS.length);
    expect(new Set(LINEUP_MODELS.map((m) => m.manufacturer))).toEqual(new Set(["gm", "isuzu"]));
  });

  it("counts stock across every inventory model name of the same make", () => {
    const model = findLineupModel("isuzu-nrr-diesel")!;
    const counts = [
      { make: "Isuzu", model: "NRR", count: 4 },
      { make: "Isuzu", model: "NRR EV", count: 2 },
      { make: "GMC", model: "NRR", count: 9 },
    ];
    expect(inStockCount(model, counts)).toBe(4);
  });
});

describe("a model card", () => {
  const model = findLineupModel("gmc-sierra-2500hd")!;
  const renderCard = (inStock: number | null) =>
    render(
      <MemoryRouter>
        <ModelCard model={model} inStock={inStock} />
      </MemoryRouter>,
    );

  it("links to the inventory filtered by the model when units are in stock", () => {
    renderCard(3);
    const link = screen.getByRole("link", { name: "3 In Stock" }).getAttribute("href") ?? "";
    expect(JSON.parse(new URL(link, "http://x").searchParams.get("filters") ?? "")).toEqual({
      model: ["Sierra 2500HD"],
    });
    expect(screen.queryByRole("link", { name: "Make an Inquiry" })).toBeNull();
  });

  it("offers Make an Inquiry instead when none are in stock", () => {
    renderCard(0);
    expect(screen.getByRole("link", { name: "Make an Inquiry" }).getAttribute("href")).toBe(
      "/contact/inquiry/gmc-sierra-2500hd",
    );
    expect(screen.getByRole("link", { name: "Request a Quote" }).getAttribute("href")).toBe(
      "/contact/quote/gmc-sierra-2500hd",
    );
  });
});

describe("pages", () => {
  it("a model page shows the Isuzu phone for Isuzu and the sales phone for GM, and its four links", async () => {
    const { ModelPage } = await import("../src/pages/model-page");
    const { Route, Routes } = await import("react-router-dom");
    const at = (path: string) =>
      render(
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/line-up/:brand/:model" element={<ModelPage />} />
          </Routes>
        </MemoryRouter>,
      );
    const isuzu = at("/line-up/isuzu/isuzu-nqr-diesel");
    expect(screen.getByRole("link", { name: "403-555-0177" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "See Our Full ISUZU Inventory" }).getAttribute("href")).toBe(
      "/line-up/isuzu",
    );
    expect(screen.getByRole("link", { name: "Request Parts for this Vehicle" }).getAttribute("href")).toBe(
      "/parts/isuzu-nqr-diesel",
    );
    expect(screen.getByText("Under and Behind Cab")).toBeTruthy();
    isuzu.unmount();
    at("/line-up/gm/gmc-savana-cargo-van");
    expect(screen.getByRole("link", { name: "403-555-0140" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Request a Vehicle Service" }).getAttribute("href")).toBe(
      "/service/gmc-savana-cargo-van",
    );
  });

  it("an unknown model says Invalid Model ID", async () => {
    const { ModelPage } = await import("../src/pages/model-page");
    const { Route, Routes } = await import("react-router-dom");
    render(
      <MemoryRouter initialEntries={["/line-up/isuzu/isuzu-xyz"]}>
        <Routes>
          <Route path="/line-up/:brand/:model" element={<ModelPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Invalid Model ID" })).toBeTruthy();
  });
});
