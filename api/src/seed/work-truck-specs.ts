import type { BodyType, CabType, ConditionalOffer, Vehicle, WorkTruckSpec } from "shared-types";
import { mulberry32 } from "./prng.js";

/**
 * The work-truck facts of the dealership's line-up, as the makers publish them: GVWR (SPEC §9 for the Isuzu
 * N-series: NPR 12,000, NPR-HD 14,500, NPR-XD 16,000, NQR 17,950 lb; NRR 19,500, FTR 25,950, FVR 25,950 or 33,000
 * from Isuzu's spec sheets), wheelbases offered per cab, and curb weights that give the payload. A unit's own body,
 * cab and wheelbase are drawn from what its model offers, from its stock number, so a unit always gets the same.
 */
interface ModelSpec {
  /** GVWR in lb, by trim when the trim changes it */
  gvwrLb: number | ((unit: UnitKey) => number);
  /** wheelbases (in) offered per cab; the key null for vans and SUVs */
  wheelbases: Partial<Record<CabType | "none", readonly number[]>>;
  /** chassis curb weight in lb (regular cab, shortest wheelbase) */
  curbLb: number;
  /** which bodies the dealership's units of the model carry, each with its weight of chance */
  bodies: readonly [BodyType, number][];
}

type UnitKey = Pick<Vehicle, "make" | "model" | "trim" | "engine" | "body_style" | "stock_number">;

const N_SERIES_WHEELBASES = { regular: [109, 132.5, 150, 176, 200], crew: [150, 176] } as const;
/** What upfitters put on an N-series in Calgary: mostly boxes, some dump, flatbed, landscape and service bodies. */
const N_SERIES_BODIES: readonly [BodyType, number][] = [
  ["dry-freight-box", 34],
  ["refrigerated-box", 10],
  ["dump", 10],
  ["flatbed-stake", 12],
  ["landscape", 8],
  ["service-utility", 8],
  ["cab-chassis", 18],
];
const F_SERIES_BODIES: readonly [BodyType, number][] = [
  ["dry-freight-box", 40],
  ["refrigerated-box", 15],
  ["flatbed-stake", 15],
  ["dump", 10],
  ["cab-chassis", 20],
];
const PICKUP: readonly [BodyType, number][] = [["pickup", 1]];

const MODEL_SPECS: Record<string, ModelSpec> = {
  "Isuzu NPR": { gvwrLb: 12_000, wheelbases: N_SERIES_WHEELBASES, curbLb: 6_200, bodies: N_SERIES_BODIES },
  "Isuzu NPR-HD": { gvwrLb: 14_500, wheelbases: N_SERIES_WHEELBASES, curbLb: 6_400, bodies: N_SERIES_BODIES },
  "Isuzu NPR-XD": { gvwrLb: 16_000, wheelbases: N_SERIES_WHEELBASES, curbLb: 6_800, bodies: N_SERIES_BODIES },
  "Isuzu NQR": { gvwrLb: 17_950, wheelbases: N_SERIES_WHEELBASES, curbLb: 7_000, bodies: N_SERIES_BODIES },
  "Isuzu NRR": { gvwrLb: 19_500, wheelbases: N_SERIES_WHEELBASES, curbLb: 7_200, bodies: N_SERIES_BODIES },
  "Isuzu NRR EV": {
    gvwrLb: 19_500,
    wheelbases: { regular: [132.5, 150, 176] },
    curbLb: 10_800,
    bodies: [
      ["dry-freight-box", 3],
      ["refrigerated-box", 1],
      ["cab-chassis", 1],
    ],
  },
  "Isuzu FTR": {
    gvwrLb: 25_950,
    wheelbases: { regular: [152, 176, 200, 218, 248] },
    curbLb: 9_600,
    bodies: F_SERIES_BODIES,
  },
  "Isuzu FVR": {
    gvwrLb: (unit) => (unit.trim === "Class 7" ? 33_000 : 25_950),
    wheelbases: { regular: [176, 200, 218, 248, 266] },
    curbLb: 10_600,
    bodies: F_SERIES_BODIES,
  },
  "Chevrolet Colorado": {
    gvwrLb: 6_300,
    wheelbases: { crew: [131.4] },
    curbLb: 4_700,
    bodies: PICKUP,
  },
  "GMC Canyon": { gvwrLb: 6_300, wheelbases: { crew: [131.4] }, curbLb: 4_800, bodies: PICKUP },
  "Chevrolet Silverado 1500": {
    gvwrLb: 7_100,
    wheelbases: { regular: [126], extended: [147.4], crew: [147.4, 157] },
    curbLb: 5_100,
    bodies: PICKUP,
  },
  "GMC Sierra 1500": {
    gvwrLb: 7_100,
    wheelbases: { regular: [126], extended: [147.4], crew: [147.4, 157] },
    curbLb: 5_200,
    bodies: PICKUP,
  },
  "Chevrolet Silverado 2500HD": {
    gvwrLb: (unit) => (unit.engine.includes("Diesel") ? 11_350 : 10_000),
    wheelbases: { regular: [141.6], extended: [162.5], crew: [158.9, 172] },
    curbLb: 6_600,
    bodies: PICKUP,
  },
  "GMC Sierra 2500HD": {
    gvwrLb: (unit) => (unit.engine.includes("Diesel") ? 11_350 : 10_000),
    wheelbases: { regular: [141.6], extended: [162.5], crew: [158.9, 172] },
    curbLb: 6_700,
    bodies: PICKUP,
  },
  "Chevrolet Silverado 3500HD": {
    gvwrLb: 12_200,
    wheelbases: { regular: [141.6], extended: [162.5], crew: [158.9, 172] },
    curbLb: 7_300,
    bodies: PICKUP,
  },
  "GMC Sierra 3500HD": {
    gvwrLb: 12_200,
    wheelbases: { regular: [141.6], extended: [162.5], crew: [158.9, 172] },
    curbLb: 7_400,
    bodies: PICKUP,
  },
  "Chevrolet Express Cargo Van": {
    gvwrLb: (unit) => (unit.trim === "3500" ? 9_900 : 8_600),
    wheelbases: { none: [135, 155] },
    curbLb: 5_500,
    bodies: [["cargo-van", 1]],
  },
  "GMC Savana Cargo Van": {
    gvwrLb: (unit) => (unit.trim === "3500" ? 9_900 : 8_600),
    wheelbases: { none: [135, 155] },
    curbLb: 5_500,
    bodies: [["cargo-van", 1]],
  },
  "Buick Enclave": { gvwrLb: 6_000, wheelbases: { none: [120.9] }, curbLb: 4_700, bodies: [["suv", 1]] },
  "Buick Encore GX": { gvwrLb: 4_100, wheelbases: { none: [102.2] }, curbLb: 3_100, bodies: [["suv", 1]] },
  "Cadillac Escalade": { gvwrLb: 7_400, wheelbases: { none: [120.9] }, curbLb: 5_800, bodies: [["suv", 1]] },
  "Cadillac Lyriq": { gvwrLb: 6_000, wheelbases: { none: [121.8] }, curbLb: 5_600, bodies: [["suv", 1]] },
};

/** A unit of a model the table does not know: its body style says what it most likely is. */
const FALLBACK_BY_BODY_STYLE: Record<string, ModelSpec> = {
  "Cab Chassis": MODEL_SPECS["Isuzu NPR-HD"] as ModelSpec,
  Pickup: MODEL_SPECS["Chevrolet Silverado 1500"] as ModelSpec,
  "Cargo Van": MODEL_SPECS["Chevrolet Express Cargo Van"] as ModelSpec,
};
const FALLBACK_SPEC = MODEL_SPECS["Buick Enclave"] as ModelSpec;

/** The body lengths (ft) an upfitter puts on a given wheelbase (in), by body: cab-to-axle grows with wheelbase. */
function bodyLengthFt(body: BodyType, wheelbaseIn: number, cab: CabType | null): number | null {
  if (body === "cab-chassis" || body === "suv") return null;
  if (body === "cargo-van") return wheelbaseIn >= 155 ? 12.3 : 10.3; // cargo floor behind the seats
  if (body === "pickup") {
    if (cab === "regular") return 8.2;
    return wheelbaseIn >= 140 ? 6.6 : 5.2; // short box on the shortest crew cabs
  }
  // cab to axle: the frame behind the cab, 26 in shorter than the wheelbase, 36 more behind a crew cab; a body
  // overhangs the axle by about half, and is sold to the even foot (Isuzu: 150 in regular cab, 16 ft)
  const cabToAxle = wheelbaseIn - 26 - (cab === "crew" ? 36 : 0);
  const box = Math.round((cabToAxle * 1.5) / 12 / 2) * 2;
  const length = Math.min(30, Math.max(10, box));
  if (body === "dump" || body === "landscape") return Math.min(length, 14);
  if (body === "service-utility") return Math.min(length, 12);
  return length;
}

/** Body weight in lb per foot, for the payload: what the upfit takes of the GVWR. */
const BODY_LB_PER_FT: Partial<Record<BodyType, number>> = {
  "dry-freight-box": 150,
  "refrigerated-box": 210,
  dump: 260,
  "flatbed-stake": 110,
  landscape: 160,
  "service-utility": 190,
};

const stockSeed = (stock: string) => [...stock].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0, 7);

function pickWeighted<T>(random: () => number, choices: readonly [T, number][]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let r = random() * total;
  for (const [value, weight] of choices) {
    r -= weight;
    if (r < 0) return value;
  }
  return (choices[0] as [T, number])[0];
}

function cabOf(unit: UnitKey, spec: ModelSpec, random: () => number): CabType | null {
  if (spec.wheelbases.none) return null;
  const offered = (["regular", "extended", "crew"] as const).filter((cab) => spec.wheelbases[cab]);
  const named = offered.find((cab) => unit.trim.toLowerCase().includes(`${cab} cab`));
  if (named) return named;
  return offered[Math.floor(random() * offered.length)] ?? "regular";
}

/** The work-truck facts of one unit, consistent with its model (and its trim where the trim names a cab or class). */
export function workTruckSpecFor(unit: UnitKey): WorkTruckSpec {
  const random = mulberry32(stockSeed(unit.stock_number));
  const spec = MODEL_SPECS[`${unit.make} ${unit.model}`] ?? FALLBACK_BY_BODY_STYLE[unit.body_style] ?? FALLBACK_SPEC;
  const gvwrLb = typeof spec.gvwrLb === "function" ? spec.gvwrLb(unit) : spec.gvwrLb;
  const cab = cabOf(unit, spec, random);
  const wheelbases = spec.wheelbases[cab ?? "none"] ?? [120];
  const wheelbase = wheelbases[Math.floor(random() * wheelbases.length)] ?? 120;
  const body = pickWeighted(random, spec.bodies);
  const length = bodyLengthFt(body, wheelbase, cab);
  const longer = (wheelbase - (wheelbases[0] ?? wheelbase)) * 4; // more frame, more steel
  const curb = spec.curbLb + (cab === "crew" ? 600 : cab === "extended" ? 300 : 0) + longer;
  const bodyWeight = length === null ? 0 : (BODY_LB_PER_FT[body] ?? 0) * length;
  return {
    gvwr_lb: gvwrLb,
    body_type: body,
    body_length_ft: length,
    cab_type: cab,
    wheelbase_in: wheelbase,
    payload_lb: Math.max(0, Math.round((gvwrLb - curb - bodyWeight) / 10) * 10),
  };
}

/** How a body reads among a unit's options ("16 ft dry freight box"), so the search finds it. */
export function bodyOption(spec: WorkTruckSpec): string | null {
  const names: Partial<Record<BodyType, string>> = {
    "dry-freight-box": "Dry Freight Box",
    "refrigerated-box": "Refrigerated Box",
    dump: "Dump Body",
    "flatbed-stake": "Flatbed Stake Body",
    landscape: "Landscape Body",
    "service-utility": "Service Body",
  };
  const name = names[spec.body_type];
  return name && spec.body_length_ft ? `${spec.body_length_ft} ft ${name}` : null;
}

/**
 * The makers' fleet incentives the dealership passes on: GM's for businesses with a GM fleet account number on new
 * Chevrolet and GMC trucks and vans, Isuzu's for registered fleets on new N- and F-series. Conditional, so never in
 * the advertised price.
 */
export function conditionalOffersFor(unit: Pick<Vehicle, "make" | "condition" | "body_style">): ConditionalOffer[] {
  if (unit.condition !== "new" || unit.body_style === "SUV") return [];
  if (unit.make === "Chevrolet" || unit.make === "GMC") {
    return [
      {
        id: "gm-business-choice",
        title: "GM Business Choice fleet incentive",
        amount_cents: unit.body_style === "Cargo Van" ? 250_000 : 150_000,
        who_qualifies:
          "Registered businesses with a GM Fleet Account Number (FAN), buying for business use. Proof of business registration required at delivery.",
        ends_on: "2027-01-05",
      },
    ];
  }
  if (unit.make === "Isuzu") {
    return [
      {
        id: "isuzu-fleet-incentive",
        title: "Isuzu commercial fleet incentive",
        amount_cents: 200_000,
        who_qualifies:
          "Businesses registered with Isuzu Commercial Truck of Canada's fleet program, buying or leasing for business use.",
        ends_on: "2027-01-05",
      },
    ];
  }
  return [];
}
