import { type Vehicle, workTruckFacts } from "shared-types";
import { vinCheckDigit } from "../feeds/vin.js";
import type { VehicleShape } from "../media/vehicle-illustration.js";
import { mulberry32 } from "./prng.js";
import { standardCharges } from "./unit-charges.js";
import { bodyOption, conditionalOffersFor, workTruckSpecFor } from "./work-truck-specs.js";

interface ModelTemplate {
  make: string;
  model: string;
  body_style: string;
  shape: VehicleShape;
  trims: string[];
  engines: string[];
  transmission: string;
  drive_trains: string[];
  price: [number, number];
  efficiency: [number, number];
  /** World manufacturer identifier and the model's descriptor section, for VIN-like numbers. */
  vin: [string, string];
  weight: number;
}

const MODELS: readonly ModelTemplate[] = [
  {
    make: "Isuzu",
    model: "NPR",
    body_style: "Cab Chassis",
    shape: "box-truck",
    trims: ["Regular Cab", "Crew Cab"],
    engines: ["6.6L V8 Gas"],
    transmission: "6-speed automatic",
    drive_trains: ["RWD"],
    price: [68000, 82000],
    efficiency: [24, 19],
    vin: ["54D", "C4W16"],
    weight: 6,
  },
  {
    make: "Isuzu",
    model: "NPR-HD",
    body_style: "Cab Chassis",
    shape: "box-truck",
    trims: ["Regular Cab", "Crew Cab", "Gas", "Diesel"],
    engines: ["6.6L V8 Gas", "4HK1-TC 5.2L Diesel"],
    transmission: "6-speed automatic",
    drive_trains: ["RWD"],
    price: [74000, 96000],
    efficiency: [25, 20],
    vin: ["54D", "C4W19"],
    weight: 8,
  },
  {
    make: "Isuzu",
    model: "NPR-XD",
    body_style: "Cab Chassis",
    shape: "box-truck",
    trims: ["Regular Cab", "Crew Cab"],
    engines: ["4HK1-TC 5.2L Diesel"],
    transmission: "Allison 6-speed automatic",
    drive_trains: ["RWD"],
    price: [88000, 108000],
    efficiency: [19, 15],
    vin: ["JAL", "C4B16"],
    weight: 6,
  },
  {
    make: "Isuzu",
    model: "NQR",
    body_style: "Cab Chassis",
    shape: "box-truck",
    trims: ["Regular Cab", "Crew Cab"],
    engines: ["4HK1-TC 5.2L Diesel"],
    transmission: "Allison 6-speed automatic",
    drive_trains: ["RWD"],
    price: [92000, 115000],
    efficiency: [20, 16],
    vin: ["JAL", "E5W16"],
    weight: 5,
  },
  {
    make: "Isuzu",
    model: "NRR",
    body_style: "Cab Chassis",
    shape: "box-truck",
    trims: ["Regular Cab", "Crew Cab"],
    engines: ["4HK1-TC 5.2L Diesel"],
    transmission: "Allison 6-speed automatic",
    drive_trains: ["RWD"],
    price: [98000, 122000],
    efficiency: [21, 17],
    vin: ["JAL", "E5W19"],
    weight: 5,
  },
  {
    make: "Isuzu",
    model: "FTR",
    body_style: "Cab Chassis",
    shape: "medium-truck",
    trims: ["Class 6"],
    engines: ["Cummins B6.7 Diesel"],
    transmission: "Allison 2500 RDS",
    drive_trains: ["RWD"],
    price: [128000, 152000],
    efficiency: [28, 22],
    vin: ["JAL", "F7M47"],
    weight: 3,
  },
  {
    make: "Isuzu",
    model: "FVR",
    body_style: "Cab Chassis",
    shape: "medium-truck",
    trims: ["Class 6", "Class 7"],
    engines: ["Cummins B6.7 Diesel"],
    transmission: "Allison 3000 RDS",
    drive_trains: ["RWD"],
    price: [138000, 168000],
    efficiency: [30, 24],
    vin: ["JAL", "F7M48"],
    weight: 3,
  },
  {
    make: "Isuzu",
    model: "NRR EV",
    body_style: "Cab Chassis",
    shape: "ev-truck",
    trims: ["Regular Cab"],
    engines: ["Electric, 9 battery packs"],
    transmission: "Single-speed",
    drive_trains: ["RWD"],
    price: [245000, 268000],
    efficiency: [0, 0],
    vin: ["JAL", "E5E19"],
    weight: 2,
  },
  {
    make: "Chevrolet",
    model: "Colorado",
    body_style: "Pickup",
    shape: "pickup",
    trims: ["WT", "LT", "Trail Boss", "Z71"],
    engines: ["2.7L Turbo I4"],
    transmission: "8-speed automatic",
    drive_trains: ["4WD", "RWD"],
    price: [39000, 56000],
    efficiency: [12.4, 9.8],
    vin: ["1GC", "PTBEK"],
    weight: 7,
  },
  {
    make: "Chevrolet",
    model: "Silverado 1500",
    body_style: "Pickup",
    shape: "pickup",
    trims: ["WT", "Custom", "LT", "RST", "LTZ"],
    engines: ["2.7L Turbo I4", "5.3L V8", "3.0L Duramax Diesel"],
    transmission: "10-speed automatic",
    drive_trains: ["4WD"],
    price: [46000, 78000],
    efficiency: [13.1, 10.2],
    vin: ["1GC", "UDAED"],
    weight: 10,
  },
  {
    make: "Chevrolet",
    model: "Silverado 2500HD",
    body_style: "Pickup",
    shape: "hd-pickup",
    trims: ["WT", "Custom", "LT", "LTZ"],
    engines: ["6.6L V8 Gas", "6.6L Duramax Turbo-Diesel V8"],
    transmission: "10-speed Allison automatic",
    drive_trains: ["4WD"],
    price: [62000, 92000],
    efficiency: [0, 0],
    vin: ["1GC", "YNEY7"],
    weight: 9,
  },
  {
    make: "Chevrolet",
    model: "Silverado 3500HD",
    body_style: "Pickup",
    shape: "hd-pickup",
    trims: ["WT", "LT", "LTZ", "High Country"],
    engines: ["6.6L Duramax Turbo-Diesel V8"],
    transmission: "10-speed Allison automatic",
    drive_trains: ["4WD"],
    price: [68000, 99000],
    efficiency: [0, 0],
    vin: ["1GC", "4NEY4"],
    weight: 6,
  },
  {
    make: "Chevrolet",
    model: "Express Cargo Van",
    body_style: "Cargo Van",
    shape: "van",
    trims: ["2500", "3500"],
    engines: ["6.6L V8 Gas"],
    transmission: "8-speed automatic",
    drive_trains: ["RWD"],
    price: [52000, 64000],
    efficiency: [17.9, 13.4],
    vin: ["1GC", "WGAF7"],
    weight: 8,
  },
  {
    make: "GMC",
    model: "Canyon",
    body_style: "Pickup",
    shape: "pickup",
    trims: ["Elevation", "AT4", "Denali"],
    engines: ["2.7L Turbo I4"],
    transmission: "8-speed automatic",
    drive_trains: ["4WD"],
    price: [44000, 62000],
    efficiency: [12.6, 10.0],
    vin: ["1GT", "PTEEK"],
    weight: 6,
  },
  {
    make: "GMC",
    model: "Sierra 1500",
    body_style: "Pickup",
    shape: "pickup",
    trims: ["Pro", "SLE", "Elevation", "SLT", "AT4", "Denali"],
    engines: ["2.7L Turbo I4", "5.3L V8", "3.0L Duramax Diesel"],
    transmission: "10-speed automatic",
    drive_trains: ["4WD"],
    price: [48000, 86000],
    efficiency: [13.0, 10.1],
    vin: ["1GT", "UUDED"],
    weight: 10,
  },
  {
    make: "GMC",
    model: "Sierra 2500HD",
    body_style: "Pickup",
    shape: "hd-pickup",
    trims: ["Pro", "SLE", "SLT", "AT4", "Denali"],
    engines: ["6.6L V8 Gas", "6.6L Duramax Turbo-Diesel V8"],
    transmission: "10-speed Allison automatic",
    drive_trains: ["4WD"],
    price: [64000, 98000],
    efficiency: [0, 0],
    vin: ["1GT", "49NEY"],
    weight: 9,
  },
  {
    make: "GMC",
    model: "Sierra 3500HD",
    body_style: "Pickup",
    shape: "hd-pickup",
    trims: ["Pro", "SLE", "SLT", "Denali"],
    engines: ["6.6L Duramax Turbo-Diesel V8"],
    transmission: "10-speed Allison automatic",
    drive_trains: ["4WD"],
    price: [70000, 104000],
    efficiency: [0, 0],
    vin: ["1GT", "49VEY"],
    weight: 6,
  },
  {
    make: "GMC",
    model: "Savana Cargo Van",
    body_style: "Cargo Van",
    shape: "van",
    trims: ["2500", "3500"],
    engines: ["6.6L V8 Gas"],
    transmission: "8-speed automatic",
    drive_trains: ["RWD"],
    price: [53000, 65000],
    efficiency: [17.9, 13.4],
    vin: ["1GT", "W7AF7"],
    weight: 6,
  },
  {
    make: "Buick",
    model: "Enclave",
    body_style: "SUV",
    shape: "suv",
    trims: ["Preferred", "Essence", "Avenir"],
    engines: ["2.5L Turbo I4"],
    transmission: "8-speed automatic",
    drive_trains: ["AWD"],
    price: [52000, 68000],
    efficiency: [11.2, 8.4],
    vin: ["5GA", "EVCKW"],
    weight: 3,
  },
  {
    make: "Buick",
    model: "Encore GX",
    body_style: "SUV",
    shape: "suv",
    trims: ["Preferred", "Sport Touring", "Avenir"],
    engines: ["1.3L Turbo I3"],
    transmission: "CVT",
    drive_trains: ["FWD", "AWD"],
    price: [31000, 40000],
    efficiency: [8.4, 7.4],
    vin: ["KL4", "MMDSL"],
    weight: 3,
  },
  {
    make: "Cadillac",
    model: "Escalade",
    body_style: "SUV",
    shape: "suv",
    trims: ["Luxury", "Premium Luxury", "Sport"],
    engines: ["6.2L V8"],
    transmission: "10-speed automatic",
    drive_trains: ["4WD"],
    price: [112000, 148000],
    efficiency: [16.3, 11.5],
    vin: ["1GY", "S4BKL"],
    weight: 2,
  },
  {
    make: "Cadillac",
    model: "Lyriq",
    body_style: "SUV",
    shape: "suv",
    trims: ["Luxury", "Sport"],
    engines: ["Electric, dual motor"],
    transmission: "Single-speed",
    drive_trains: ["AWD"],
    price: [74000, 88000],
    efficiency: [0, 0],
    vin: ["1GY", "KPRRK"],
    weight: 2,
  },
];

const COLOURS: readonly [string, string][] = [
  ["Summit White", "f4f4f2"],
  ["Black", "1d1f22"],
  ["Silver Ice Metallic", "b9bcc0"],
  ["Satin Steel Metallic", "6f7479"],
  ["Red Hot", "b3202a"],
  ["Northsky Blue Metallic", "2f4f7a"],
  ["Sterling Grey Metallic", "8a8c8e"],
  ["Harbor Blue Metallic", "1f3552"],
  ["Cayenne Orange Metallic", "c05a22"],
];
const INTERIORS = ["Jet Black", "Jet Black/Medium Ash Grey", "Gideon/Very Dark Atmosphere", "Dark Ash Grey"];

const OPTIONS_BY_SHAPE: Record<VehicleShape, string[]> = {
  pickup: [
    "Backup Camera",
    "Trailering Package",
    "Spray-on Bedliner",
    "Heated Front Seats",
    "Remote Start",
    "Apple CarPlay and Android Auto",
    "Lifted 2-inch Leveling Kit",
    "Power-Adjustable Pedals",
    "Hitch Guidance with Hitch View",
    "Z71 Off-Road Package with Skid Plates",
    "LED Cargo Box Lighting",
  ],
  "hd-pickup": [
    "Backup Camera",
    "Gooseneck/5th Wheel Prep Package",
    "Heavy-Duty Trailering Package with Integrated Brake Controller",
    "Snow Plow Prep Package",
    "Power Sliding Rear Window",
    "Heated Steering Wheel",
    "Duramax Exhaust Brake",
    "Transparent Trailer View",
    "Spray-on Bedliner",
    "Dual Alternators",
  ],
  van: [
    "Backup Camera",
    "Driver Alert Package",
    "Cargo Partition",
    "Upfit Ladder Rack",
    "Interior Shelving Package",
    "Keyless Open",
    "Swing-Out Passenger-Side Doors",
    "Locking Differential",
  ],
  "box-truck": [
    "16 ft Dry Freight Body",
    "Hydraulic Liftgate",
    "Backup Camera",
    "Roll-Up Rear Door",
    "E-Track Cargo Rails",
    "Exhaust Brake",
    "Cruise Control",
    "Bluetooth Hands-Free",
    "Diesel Particulate Filter",
    "Engine Block Heater for Alberta Winters",
  ],
  "medium-truck": [
    "24 ft Van Body",
    "Air Brakes",
    "Air Ride Driver Seat",
    "Exhaust Brake",
    "Power Take-Off Provision",
    "Backup Camera",
    "Hydraulic Liftgate",
    "Engine Block Heater",
  ],
  suv: [
    "Backup Camera",
    "Heated and Ventilated Front Seats",
    "Panoramic Sunroof",
    "Adaptive Cruise Control",
    "Wireless Apple CarPlay",
    "Head-Up Display",
    "Hands-Free Power Liftgate",
    "Third-Row Seating",
    "Remote Start",
  ],
  "ev-truck": [
    "Backup Camera",
    "DC Fast Charging Port",
    "20 ft Dry Freight Body",
    "Regenerative Braking",
    "Telematics Package",
    "Hydraulic Liftgate",
  ],
};

const YEAR_CODES: Record<number, string> = {
  2019: "K",
  2020: "L",
  2021: "M",
  2022: "N",
  2023: "P",
  2024: "R",
  2025: "S",
  2026: "T",
  2027: "V",
};
/** Fills in position 9 with the North American check digit, so the numbers look and validate like VINs. */
export const withVinCheckDigit = (vin: string): string => vin.slice(0, 8) + vinCheckDigit(vin) + vin.slice(9);

export interface GeneratedVehicle extends Vehicle {
  shape: VehicleShape;
}

function pickWeighted(random: () => number): ModelTemplate {
  const total = MODELS.reduce((s, m) => s + m.weight, 0);
  let r = random() * total;
  for (const m of MODELS) {
    r -= m.weight;
    if (r < 0) return m;
  }
  return MODELS[0] as ModelTemplate;
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const roundTo = (n: number, step: number) => Math.round(n / step) * step;

/**
 * A realistic fleet inventory: new and used Isuzu, Chevrolet, GMC, Buick and Cadillac units whose make and model
 * match the line-up. About 6% carry no price (contact us), about 40% of priced units are discounted.
 */
export function generateInventory(count: number, seed = 20261122, today = new Date("2026-11-01")): GeneratedVehicle[] {
  const random = mulberry32(seed);
  const vehicles: GeneratedVehicle[] = [];
  for (let i = 0; i < count; i++) {
    const t = pickWeighted(random);
    const condition = random() < 0.62 ? "new" : "used";
    const year = condition === "new" ? 2025 + Math.floor(random() * 3) : 2019 + Math.floor(random() * 6);
    // 7919 is prime to 900000, so every index below 900,000 gets its own serial and stock number.
    const serial = String(100000 + ((i * 7919) % 900000));
    const vin = withVinCheckDigit(`${t.vin[0]}${t.vin[1]}0${YEAR_CODES[year] ?? "R"}${"FKZU"[i % 4]}${serial}`);
    const age = condition === "new" ? 0 : 2026 - year;
    const basePrice = t.price[0] + random() * (t.price[1] - t.price[0]);
    const depreciated = basePrice * (condition === "new" ? 1 : Math.max(0.38, 0.86 ** age));
    const full = roundTo(depreciated, 100);
    const priced = random() > 0.06;
    const discounted = priced && random() < 0.4;
    const fullPrice = priced ? full : 0;
    const lowPrice = priced
      ? discounted
        ? roundTo(full * (0.9 + random() * 0.07), 100)
        : random() < 0.2
          ? 0
          : full
      : 0;
    const [colour, hex] = pick(random, COLOURS);
    const trim = pick(random, t.trims);
    const engine = pick(random, t.engines);
    const pool = OPTIONS_BY_SHAPE[t.shape];
    // the unit's own body replaces the pool's generic ones, so its options and its facts agree
    const picked = pool.filter(() => random() < 0.6);
    const imageCount = 3 + Math.floor(random() * 4);
    const stock = vin.slice(-8);
    const image = (n: number) => `/api/media/vehicles/${t.shape}/${hex}/${n}/r640`;
    const listed = new Date(today.getTime() - Math.floor(random() * 240) * 86_400_000);
    const odometer = condition === "new" ? Math.floor(random() * 90) : roundTo(age * (18000 + random() * 32000), 1);
    const fuelType = engine.includes("Diesel") ? "Diesel" : engine.includes("Electric") ? "Electric" : "Gasoline";
    const spec = workTruckSpecFor({
      make: t.make,
      model: t.model,
      trim,
      engine,
      body_style: t.body_style,
      stock_number: stock,
    });
    const body = bodyOption(spec);
    const options = [...(body ? [body] : []), ...picked.filter((o) => !/\bft (Dry Freight|Van) Body$/.test(o))];
    vehicles.push({
      shape: t.shape,
      stock_number: stock,
      vin,
      year,
      make: t.make,
      model: t.model,
      trim,
      condition,
      status: "available",
      body_style: t.body_style,
      engine,
      transmission: t.transmission,
      exterior: colour,
      interior: pick(random, INTERIORS),
      odometer,
      fuel_type: fuelType,
      drive_train: pick(random, t.drive_trains),
      fuel_efficiency_city: t.efficiency[0],
      fuel_efficiency_highway: t.efficiency[1],
      full_price: fullPrice,
      low_price: lowPrice,
      discount: fullPrice > 0 && lowPrice > 0 ? fullPrice - lowPrice : 0,
      primary_image: image(1),
      images: Array.from({ length: imageCount }, (_, n) => image(n + 1)),
      photos: [],
      options,
      comments: comments(t, condition, year, trim, options, odometer),
      dealership: "shfl",
      inventory_type: t.body_style === "SUV" ? "retail" : "fleet",
      listed_at: listed.toISOString().slice(0, 10),
      charges: standardCharges({ make: t.make, condition, body_style: t.body_style, stock_number: stock }),
      conditional_offers: conditionalOffersFor({ make: t.make, condition, body_style: t.body_style }),
      ...workTruckFacts(spec, fuelType),
    });
  }
  return vehicles;
}

function comments(
  t: ModelTemplate,
  condition: string,
  year: number,
  trim: string,
  options: string[],
  km: number,
): string {
  const name = `${year} ${t.make} ${t.model} ${trim}`;
  const intro =
    condition === "new"
      ? `<p>Brand new <strong>${name}</strong>, ready to go to work for your fleet. Ask us about upfitting, signage and delivery anywhere in Canada.</p>`
      : `<p>Fleet-maintained <strong>${name}</strong> with ${km.toLocaleString("en-CA")} km, inspected by our Calgary service department before sale.</p>`;
  const highlights = options
    .slice(0, 3)
    .map((o) => `<li>${o}</li>`)
    .join("");
  return `${intro}${highlights ? `<ul>${highlights}</ul>` : ""}<p>Open-end and closed-end lease options available.</p>`;
}
