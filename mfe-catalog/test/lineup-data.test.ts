import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { paths } from "shared-types";
import { describe, expect, it } from "vitest";
import { ILLUSTRATIONS } from "../src/data/illustrations";
import {
  canonicalModelId,
  findLineupModel,
  LEGACY_MODEL_IDS,
  LINEUP_MODELS,
  modelsOf,
} from "../src/data/lineup-models";
import { CATALOG_REMOTE } from "../src/remote";

const ISUZU_SECTIONS = ["Under and Behind Cab", "Interior", "Warranty", "Support", "Accessories"];
const GM_SPEC_KEYS = [
  "Class",
  "GCVR",
  "Payload",
  "Engine",
  "Horsepower",
  "Torque",
  "Transmission",
  "Tires",
  "Fuel Tank",
];
const EV_SPEC_KEYS = ["Class", "GVWR", "Wheelbase", "Battery", "Charging", "Range"];

/**
 * A plain path of the site: no encoded characters, nothing a page's router could read two ways. Whether another
 * team's page answers it is that team's to declare (its manifest) and the e2e suite's to check.
 */
const plainSitePath = (path: string) => /^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(path);

describe("line-up data (SPEC §3)", () => {
  it("has every model SPEC.md names, each with its own id", () => {
    expect(LINEUP_MODELS.map((m) => m.id)).toEqual([
      "chevrolet-colorado",
      "gmc-canyon",
      "chevrolet-silverado-1500",
      "chevrolet-silverado-2500hd",
      "chevrolet-silverado-3500hd",
      "gmc-sierra-1500",
      "gmc-sierra-2500hd",
      "gmc-sierra-3500hd",
      "chevrolet-express-cargo-van",
      "gmc-savana-cargo-van",
      "isuzu-npr-gas",
      "isuzu-npr-gas-crew",
      "isuzu-npr-hd-gas",
      "isuzu-npr-hd-gas-crew",
      "isuzu-npr-hd-diesel",
      "isuzu-npr-hd-diesel-crew",
      "isuzu-npr-xd-diesel",
      "isuzu-npr-xd-diesel-crew",
      "isuzu-nqr-diesel",
      "isuzu-nqr-diesel-crew",
      "isuzu-nrr-diesel",
      "isuzu-nrr-crew-cab",
      "isuzu-ftr-diesel",
      "isuzu-fvr-diesel-class-6",
      "isuzu-fvr-diesel-class-7",
      "isuzu-nrr-ev",
    ]);
    const published = { models: LINEUP_MODELS, legacyIds: {} };
    expect(CATALOG_REMOTE.data["lineup-models"].shape.safeParse(published).error?.issues ?? []).toEqual([]);
    expect(modelsOf("gm")).toHaveLength(10);
    expect(modelsOf("isuzu")).toHaveLength(16);
  });

  it("has unique ids, names, titles and meta descriptions, and no filler words", () => {
    for (const key of ["id", "name", "title", "meta", "intro"] as const) {
      expect(new Set(LINEUP_MODELS.map((m) => m[key])).size).toBe(LINEUP_MODELS.length);
    }
    const text = JSON.stringify(LINEUP_MODELS);
    expect(text).not.toMatch(/lorem|ipsum|placeholder|tbd|xxx/i);
    for (const m of LINEUP_MODELS) {
      expect(m.highlights.length).toBeGreaterThanOrEqual(3);
      expect(m.meta.length).toBeLessThanOrEqual(160);
      expect(m.name.startsWith(m.make)).toBe(true);
    }
  });

  it("gives each kind of model the spec sections SPEC.md describes", () => {
    for (const m of LINEUP_MODELS) {
      const titles = m.specs.map((s) => s.title);
      if (m.fuel === "Electric") {
        expect(titles, m.id).toEqual(["Specifications"]);
        expect(Object.keys(m.specs[0]?.values ?? {}), m.id).toEqual(EV_SPEC_KEYS);
      } else if (m.manufacturer === "isuzu") {
        expect(titles, m.id).toEqual(ISUZU_SECTIONS);
        const accessories = m.specs.find((s) => s.title === "Accessories")?.values ?? {};
        for (const value of Object.values(accessories)) expect(["Standard", "Optional", ""]).toContain(value);
      } else {
        expect(titles, m.id).toEqual(["Specifications"]);
        expect(Object.keys(m.specs[0]?.values ?? {}), m.id).toEqual(GM_SPEC_KEYS);
      }
      for (const section of m.specs)
        for (const value of Object.values(section.values)) expect(typeof value).toBe("string");
    }
  });

  it("uses SPEC §9's Isuzu figures: GVWRs, warranty by fuel, 300 dealers", () => {
    const value = (id: string, section: string, key: string) =>
      findLineupModel(id)?.specs.find((s) => s.title === section)?.values[key];
    expect(value("isuzu-npr-gas", "Under and Behind Cab", "GVWR")).toBe("12,000 lbs");
    expect(value("isuzu-npr-hd-diesel", "Under and Behind Cab", "GVWR")).toBe("14,500 lbs");
    expect(value("isuzu-npr-xd-diesel", "Under and Behind Cab", "GVWR")).toBe("16,000 lbs");
    expect(value("isuzu-nqr-diesel-crew", "Under and Behind Cab", "GVWR")).toBe("17,950 lbs");
    expect(value("isuzu-npr-hd-gas", "Warranty", "Standard")).toBe("36 months / 36,000 miles");
    expect(value("isuzu-npr-hd-gas", "Warranty", "Powertrain")).toBe("60 months / 75,000 miles");
    expect(value("isuzu-npr-hd-gas", "Warranty", "Oil Coverage")).toBe("24 months / 30,000 miles");
    expect(value("isuzu-nrr-diesel", "Warranty", "Standard")).toBe("36 months / unlimited miles");
    expect(value("isuzu-nrr-diesel", "Warranty", "Oil Coverage")).toBe("24 months / 60,000 miles");
    expect(value("isuzu-ftr-diesel", "Support", "Dealer Network")).toMatch(/^300 dedicated/);
  });

  it("resolves every link, image and legacy id", () => {
    const images = new Set(Object.values(ILLUSTRATIONS));
    for (const m of LINEUP_MODELS) {
      expect(images.has(m.image), m.id).toBe(true);
      for (const path of [
        paths.model(m.manufacturer, m.id),
        paths.inquiry(m.id),
        paths.quote(m.id),
        paths.service(m.id),
        paths.parts(m.id),
        paths.lineup(m.manufacturer),
      ]) {
        expect(plainSitePath(path), path).toBe(true);
      }
    }
    for (const [legacy, current] of Object.entries(LEGACY_MODEL_IDS)) {
      expect(findLineupModel(legacy)?.id).toBe(current);
      expect(canonicalModelId(legacy)).toBe(current);
    }
    expect(findLineupModel("isuzu-fvr-diesel")?.name).toBe("Isuzu FVR Diesel Class 6");
    expect(findLineupModel("isuzu-fvr-diesel-class-7")?.specs[0]?.values.GVWR).toBe("33,000 lbs");
  });

  it("lays the card grid out in one column, and three from 820 px", () => {
    const css = readFileSync(resolve(process.cwd(), "src/catalog.css"), "utf8").replace(/\s+/g, " ");
    expect(css).toMatch(/\.catalog-grid \{[^}]*grid-template-columns: 1fr;/);
    expect(css).toMatch(
      /@media \(min-width: 820px\) \{ \.catalog-grid \{ grid-template-columns: repeat\(3, 1fr\); \} \}/,
    );
  });
});
