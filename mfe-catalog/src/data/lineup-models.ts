import type { Manufacturer } from "shared-types";
import type { LineupModel, SpecSection } from "../remote";
import { ILLUSTRATIONS } from "./illustrations";

// ---- Isuzu: the five sections every Isuzu truck's sheet has (SPEC §3), built from per-model figures -------------

const ISUZU_SUPPORT: SpecSection = {
  title: "Support",
  values: {
    "Dealer Network": "300 dedicated Isuzu truck dealers across North America",
    "Roadside Assistance": "Isuzu Roadside Assistance, 24 hours a day, 365 days a year",
    "Service Here": "Isuzu-trained technicians and genuine parts at our Calgary shop",
  },
};

/** Isuzu's published terms (SPEC §9): gas and diesel differ in mileage and oil coverage. */
function isuzuWarranty(fuel: "Gas" | "Diesel"): SpecSection {
  return {
    title: "Warranty",
    values:
      fuel === "Gas"
        ? {
            Standard: "36 months / 36,000 miles",
            Powertrain: "60 months / 75,000 miles",
            "Oil Coverage": "24 months / 30,000 miles",
            Extended: "Extended warranty options available",
          }
        : {
            Standard: "36 months / unlimited miles",
            Powertrain: "60 months / 175,000 miles",
            "Oil Coverage": "24 months / 60,000 miles",
            Extended: "Extended warranty options available",
          },
  };
}

interface IsuzuFigures {
  gvwr: string;
  engine: string;
  power: string;
  transmission: string;
  wheelbase: string;
  bodies: string;
  fuelTank: string;
  crew: boolean;
  fuel: "Gas" | "Diesel";
  /** Accessory → Standard, Optional or "" (not offered on this model). */
  accessories: Record<string, "Standard" | "Optional" | "">;
}

function isuzuSpecs(f: IsuzuFigures): SpecSection[] {
  return [
    {
      title: "Under and Behind Cab",
      values: {
        GVWR: f.gvwr,
        Engine: f.engine,
        "Horsepower / Torque": f.power,
        Transmission: f.transmission,
        Wheelbase: f.wheelbase,
        "Body Lengths": f.bodies,
        "Fuel Tank": f.fuelTank,
      },
    },
    {
      title: "Interior",
      values: f.crew
        ? {
            Seating: "7 passengers (crew cab, 4 doors)",
            "Air Conditioning": "Standard",
            "Power Windows and Locks": "Standard",
            "Tilt and Telescoping Steering": "Standard",
          }
        : {
            Seating: "3 passengers",
            "Air Conditioning": "Standard",
            "Power Windows and Locks": "Standard",
            "Tilt and Telescoping Steering": "Standard",
          },
    },
    isuzuWarranty(f.fuel),
    ISUZU_SUPPORT,
    { title: "Accessories", values: f.accessories },
  ];
}

const N_SERIES_GAS_ACCESSORIES = {
  "Backup Camera": "Standard",
  "Cruise Control": "Standard",
  "Engine Block Heater": "Optional",
  "Exhaust Brake": "",
  "Air Suspension Seat": "",
} as const;
const N_SERIES_DIESEL_ACCESSORIES = {
  "Backup Camera": "Standard",
  "Cruise Control": "Standard",
  "Engine Block Heater": "Standard",
  "Exhaust Brake": "Standard",
  "Air Suspension Seat": "Optional",
} as const;
const F_SERIES_ACCESSORIES = {
  "Backup Camera": "Optional",
  "Cruise Control": "Standard",
  "Engine Block Heater": "Standard",
  "Exhaust Brake": "Standard",
  "Air Suspension Seat": "Standard",
  "Air Brakes": "Optional",
} as const;

const NPR_GAS = {
  engine: "6.6L V8 gas (GM-sourced)",
  power: "350 hp / 425 lb-ft",
  transmission: "6-speed automatic",
  fuelTank: "40 gal",
  fuel: "Gas",
  accessories: N_SERIES_GAS_ACCESSORIES,
} as const;
const N_DIESEL = {
  engine: "Isuzu 4HK1-TC 5.2L turbo-diesel",
  power: "215 hp / 452 lb-ft",
  fuelTank: "30 gal",
  fuel: "Diesel",
  accessories: N_SERIES_DIESEL_ACCESSORIES,
} as const;

// ---- GM: one Specifications section (SPEC §3) ------------------------------------------------------------------

interface GmFigures {
  class: string;
  gcvr: string;
  payload: string;
  engine: string;
  horsepower: string;
  torque: string;
  transmission: string;
  tires: string;
  fuelTank: string;
}

function gmSpecs(f: GmFigures): SpecSection[] {
  return [
    {
      title: "Specifications",
      values: {
        Class: f.class,
        GCVR: f.gcvr,
        Payload: f.payload,
        Engine: f.engine,
        Horsepower: f.horsepower,
        Torque: f.torque,
        Transmission: f.transmission,
        Tires: f.tires,
        "Fuel Tank": f.fuelTank,
      },
    },
  ];
}

const HALF_TON_ENGINES = {
  engine: "2.7L TurboMax I4, 5.3L V8, 6.2L V8 or 3.0L Duramax turbo-diesel I6",
  horsepower: "Up to 420 hp (6.2L V8)",
  torque: "Up to 495 lb-ft (3.0L Duramax)",
  transmission: "8-speed (2.7L) or 10-speed automatic",
} as const;
const HEAVY_DUTY_ENGINES = {
  engine: "6.6L V8 gas or 6.6L Duramax L5P turbo-diesel V8",
  horsepower: "401 hp gas / 470 hp Duramax",
  torque: "464 lb-ft gas / 975 lb-ft Duramax",
  transmission: "10-speed automatic (Allison with the Duramax)",
} as const;
const FULL_SIZE_VAN = {
  class: "Class 2b / 3 (2500 and 3500)",
  gcvr: "Up to 17,500 lb",
  payload: "Up to 4,280 lb",
  engine: "6.6L V8 gas",
  horsepower: "401 hp",
  torque: "464 lb-ft",
  transmission: "8-speed automatic",
  tires: "16-inch all-season (LT245/75R16)",
  fuelTank: "31 gal",
} as const;

/**
 * The GM and Isuzu line-ups (SPEC §3 "Lineup model"). `model` lists the inventory model names each entry matches,
 * so the in-stock counts come straight from the inventory API. Figures are the manufacturers' published ones for
 * current model years; the Isuzu GVWRs and warranty terms are those of SPEC §9.
 */
export const LINEUP_MODELS: readonly LineupModel[] = [
  // ---------------------------------------------------------------- GM
  {
    id: "chevrolet-colorado",
    make: "Chevrolet",
    model: ["Colorado"],
    name: "Chevrolet Colorado",
    series: "Midsize",
    fuel: "Gas",
    cab: "Crew",
    manufacturer: "gm",
    image: ILLUSTRATIONS.compactPickup,
    title: "Chevrolet Colorado midsize fleet pickups, Calgary",
    meta: "Chevrolet Colorado midsize work trucks for Alberta fleets: 2.7L TurboMax, 7,700 lb towing, from Summit Heavy Fleet in Calgary.",
    intro:
      "A midsize pickup for estimators, inspectors and site supervisors: easy to park downtown, yet rated to tow 7,700 lb with the 2.7L TurboMax engine that comes standard on every trim.",
    highlights: ["Up to 7,700 lb towing", "2.7L TurboMax, up to 310 hp and 430 lb-ft", "Up to 1,684 lb payload"],
    specs: gmSpecs({
      class: "Class 2 midsize",
      gcvr: "Up to 12,700 lb",
      payload: "Up to 1,684 lb",
      engine: "2.7L TurboMax I4",
      horsepower: "Up to 310 hp",
      torque: "Up to 430 lb-ft",
      transmission: "8-speed automatic",
      tires: "17-inch all-season on WT",
      fuelTank: "21 gal",
    }),
  },
  {
    id: "gmc-canyon",
    make: "GMC",
    model: ["Canyon"],
    name: "GMC Canyon",
    series: "Midsize",
    fuel: "Gas",
    cab: "Crew",
    manufacturer: "gm",
    image: ILLUSTRATIONS.compactPickup,
    title: "GMC Canyon midsize fleet pickups, Calgary",
    meta: "GMC Canyon midsize pickups for Alberta fleets and managers: 2.7L TurboMax, 7,700 lb towing, from Summit Heavy Fleet.",
    intro:
      "The premium midsize pickup: the Canyon pairs the 2.7L TurboMax with a quieter, better-appointed cab, a favourite for managers' and sales fleets that still tow a trailer on the weekend.",
    highlights: ["Up to 7,700 lb towing", "2.7L TurboMax, 310 hp and 430 lb-ft", "Standard 11.3-inch touchscreen"],
    specs: gmSpecs({
      class: "Class 2 midsize",
      gcvr: "Up to 12,700 lb",
      payload: "Up to 1,570 lb",
      engine: "2.7L TurboMax I4",
      horsepower: "310 hp",
      torque: "430 lb-ft",
      transmission: "8-speed automatic",
      tires: "17- to 20-inch by trim",
      fuelTank: "21 gal",
    }),
  },
  {
    id: "chevrolet-silverado-1500",
    make: "Chevrolet",
    model: ["Silverado 1500"],
    name: "Chevrolet Silverado 1500",
    series: "1500",
    fuel: "Gas",
    cab: "Crew",
    manufacturer: "gm",
    image: ILLUSTRATIONS.compactPickup,
    title: "Chevrolet Silverado 1500 fleet trucks, Calgary",
    meta: "Chevrolet Silverado 1500 work trucks for Alberta fleets: trims, towing and payload, from Summit Heavy Fleet in Calgary.",
    intro:
      "The half-ton pickup most Alberta fleets run: a choice of turbocharged four-cylinder, V8 or 3.0L Duramax diesel, with the WT trim built for crews and the LT and LTZ for supervisors and sales.",
    highlights: ["Up to 13,300 lb maximum trailering", "Up to 2,260 lb payload", "3.0L Duramax turbo-diesel available"],
    specs: gmSpecs({
      class: "Class 2 light duty",
      gcvr: "Up to 19,100 lb",
      payload: "Up to 2,260 lb",
      ...HALF_TON_ENGINES,
      tires: "17-inch all-season on WT",
      fuelTank: "24 gal standard, 28 gal available",
    }),
  },
  {
    id: "chevrolet-silverado-2500hd",
    make: "Chevrolet",
    model: ["Silverado 2500HD"],
    name: "Chevrolet Silverado 2500HD",
    series: "2500HD",
    fuel: "Gas",
    cab: "Crew",
    manufacturer: "gm",
    image: ILLUSTRATIONS.heavyDutyPickup,
    title: "Chevrolet Silverado 2500HD fleet trucks, Calgary",
    meta: "Chevrolet Silverado 2500HD heavy-duty pickups with gas V8 or Duramax diesel for Alberta fleets, from Summit Heavy Fleet.",
    intro:
      "A three-quarter-ton built for plows, service bodies and gooseneck trailers, with the 6.6L gas V8 for short-haul crews or the Duramax diesel and Allison 10-speed for heavy towing.",
    highlights: ["Up to 22,500 lb gooseneck towing", "Up to 3,979 lb payload", "6.6L Duramax: 470 hp and 975 lb-ft"],
    specs: gmSpecs({
      class: "Class 2b heavy duty",
      gcvr: "Up to 30,000 lb",
      payload: "Up to 3,979 lb",
      ...HEAVY_DUTY_ENGINES,
      tires: "17-inch all-terrain on WT",
      fuelTank: "36 gal",
    }),
  },
  {
    id: "chevrolet-silverado-3500hd",
    make: "Chevrolet",
    model: ["Silverado 3500HD"],
    name: "Chevrolet Silverado 3500HD",
    series: "3500HD",
    fuel: "Diesel",
    cab: "Crew",
    manufacturer: "gm",
    image: ILLUSTRATIONS.heavyDutyPickup,
    title: "Chevrolet Silverado 3500HD fleet trucks, Calgary",
    meta: "Chevrolet Silverado 3500HD single and dual rear wheel pickups and chassis cabs for Alberta fleets, from Summit Heavy Fleet.",
    intro:
      "One-ton pickups and chassis cabs in single or dual rear wheel: the platform for flat decks, dump bodies and hotshot rigs, with up to 36,000 lb of fifth-wheel towing from the Duramax.",
    highlights: ["Up to 36,000 lb fifth-wheel towing", "Up to 7,442 lb payload", "Chassis cab for custom bodies"],
    specs: gmSpecs({
      class: "Class 3 heavy duty",
      gcvr: "Up to 43,000 lb",
      payload: "Up to 7,442 lb",
      ...HEAVY_DUTY_ENGINES,
      tires: "17-inch all-terrain, dual rear wheel available",
      fuelTank: "36 gal (pickup), 40 gal (chassis cab)",
    }),
  },
  {
    id: "gmc-sierra-1500",
    make: "GMC",
    model: ["Sierra 1500"],
    name: "GMC Sierra 1500",
    series: "1500",
    fuel: "Gas",
    cab: "Crew",
    manufacturer: "gm",
    image: ILLUSTRATIONS.compactPickup,
    title: "GMC Sierra 1500 fleet trucks, Calgary",
    meta: "GMC Sierra 1500 half-ton pickups for Alberta fleets: Pro to Denali, gas or Duramax diesel, from Summit Heavy Fleet in Calgary.",
    intro:
      "From the Pro work trim to the Denali, the Sierra 1500 shares the Silverado's proven powertrains with the MultiPro tailgate that turns the bed into a work step or a load stop.",
    highlights: ["Up to 13,200 lb towing", "MultiPro tailgate available", "3.0L Duramax diesel available"],
    specs: gmSpecs({
      class: "Class 2 light duty",
      gcvr: "Up to 19,000 lb",
      payload: "Up to 2,240 lb",
      ...HALF_TON_ENGINES,
      tires: "17-inch all-season on Pro",
      fuelTank: "24 gal standard, 28 gal available",
    }),
  },
  {
    id: "gmc-sierra-2500hd",
    make: "GMC",
    model: ["Sierra 2500HD"],
    name: "GMC Sierra 2500HD",
    series: "2500HD",
    fuel: "Diesel",
    cab: "Crew",
    manufacturer: "gm",
    image: ILLUSTRATIONS.heavyDutyPickup,
    title: "GMC Sierra 2500HD fleet trucks, Calgary",
    meta: "GMC Sierra 2500HD heavy-duty pickups with the Duramax diesel for Alberta fleets, from Summit Heavy Fleet in Calgary.",
    intro:
      "A three-quarter-ton pickup for plows, fifth wheels and full service bodies, with the 6.6L Duramax turbo-diesel and Allison 10-speed automatic.",
    highlights: [
      "Up to 22,500 lb fifth-wheel/gooseneck towing",
      "6.6L Duramax turbo-diesel V8",
      "Allison 10-speed automatic",
    ],
    specs: gmSpecs({
      class: "Class 2b heavy duty",
      gcvr: "Up to 30,000 lb",
      payload: "Up to 3,760 lb",
      ...HEAVY_DUTY_ENGINES,
      tires: "18-inch all-terrain",
      fuelTank: "36 gal",
    }),
  },
  {
    id: "gmc-sierra-3500hd",
    make: "GMC",
    model: ["Sierra 3500HD"],
    name: "GMC Sierra 3500HD",
    series: "3500HD",
    fuel: "Diesel",
    cab: "Crew",
    manufacturer: "gm",
    image: ILLUSTRATIONS.heavyDutyPickup,
    title: "GMC Sierra 3500HD fleet trucks, Calgary",
    meta: "GMC Sierra 3500HD one-ton pickups and chassis cabs, single or dual rear wheel, for Alberta fleets from Summit Heavy Fleet.",
    intro:
      "The Sierra's one-ton: dual rear wheels, a 36,000 lb fifth-wheel rating and a chassis cab ready for our upfitters' decks, dump bodies and service boxes.",
    highlights: [
      "Up to 36,000 lb fifth-wheel towing",
      "Up to 7,442 lb payload",
      "Transparent Trailer camera available",
    ],
    specs: gmSpecs({
      class: "Class 3 heavy duty",
      gcvr: "Up to 43,000 lb",
      payload: "Up to 7,442 lb",
      ...HEAVY_DUTY_ENGINES,
      tires: "17-inch all-terrain, dual rear wheel available",
      fuelTank: "36 gal (pickup), 40 gal (chassis cab)",
    }),
  },
  {
    id: "chevrolet-express-cargo-van",
    make: "Chevrolet",
    model: ["Express Cargo Van"],
    name: "Chevrolet Express Cargo Van",
    series: "2500 / 3500",
    fuel: "Gas",
    cab: "Regular",
    manufacturer: "gm",
    image: ILLUSTRATIONS.cargoVan,
    title: "Chevrolet Express Cargo Van fleet vans, Calgary",
    meta: "Chevrolet Express 2500 and 3500 cargo vans for trades and delivery fleets, upfit-ready from Summit Heavy Fleet.",
    intro:
      "Body-on-frame cargo vans that shrug off Alberta winters, ready for shelving, ladder racks and partitions from our upfit partners.",
    highlights: ["Up to 4,280 lb payload", "Up to 284.4 cu ft of cargo space", "6.6L V8 with 8-speed automatic"],
    specs: gmSpecs(FULL_SIZE_VAN),
  },
  {
    id: "gmc-savana-cargo-van",
    make: "GMC",
    model: ["Savana Cargo Van"],
    name: "GMC Savana Cargo Van",
    series: "2500 / 3500",
    fuel: "Gas",
    cab: "Regular",
    manufacturer: "gm",
    image: ILLUSTRATIONS.cargoVan,
    title: "GMC Savana Cargo Van fleet vans, Calgary",
    meta: "GMC Savana 2500 and 3500 cargo vans, regular or extended, for Alberta trades and delivery fleets from Summit Heavy Fleet.",
    intro:
      "The Savana is the Express's twin in GMC dress: a rear-drive, body-on-frame van in regular or extended length, and the base for cutaway ambulances, shuttle buses and box vans.",
    highlights: ["Up to 4,280 lb payload", "Regular or extended wheelbase", "Cutaway chassis available for bodies"],
    specs: gmSpecs(FULL_SIZE_VAN),
  },
  // ---------------------------------------------------------------- Isuzu N-Series
  {
    id: "isuzu-npr-gas",
    make: "Isuzu",
    model: ["NPR"],
    name: "Isuzu NPR Gas",
    series: "N-Series",
    fuel: "Gas",
    cab: "Regular",
    manufacturer: "isuzu",
    image: ILLUSTRATIONS.lowCabForward,
    title: "Isuzu NPR gas low cab forward trucks, Calgary",
    meta: "Isuzu NPR gas, 12,000 lb GVWR low cab forward trucks for Alberta delivery and trades fleets, from Summit Heavy Fleet.",
    intro:
      "The entry to Isuzu's low cab forward line: 12,000 lb GVWR, a gas V8 any shop can fuel and maintain, and a turning circle that makes downtown Calgary deliveries easy. Drivable on a class 5 licence.",
    highlights: ["12,000 lb GVWR", "6.6L V8 gas, 350 hp", "Bodies from 10 to 20 ft"],
    specs: isuzuSpecs({
      ...NPR_GAS,
      gvwr: "12,000 lbs",
      wheelbase: "109 to 176 in",
      bodies: "10 to 20 ft",
      crew: false,
    }),
  },
  {
    id: "isuzu-npr-gas-crew",
    make: "Isuzu",
    model: ["NPR"],
    name: "Isuzu NPR Gas Crew Cab",
    series: "N-Series",
    fuel: "Gas",
    cab: "Crew",
    manufacturer: "isuzu",
    image: ILLUSTRATIONS.lowCabForward,
    title: "Isuzu NPR gas crew cab trucks, Calgary",
    meta: "Isuzu NPR gas crew cab: seven seats and 12,000 lb GVWR for landscaping and construction crews in Alberta.",
    intro:
      "Seven seats and a body behind them: the NPR crew cab moves a landscaping or construction crew and their equipment in one truck, on the same gas V8 and 12,000 lb GVWR as the regular cab.",
    highlights: ["Seats 7", "12,000 lb GVWR", "Bodies from 10 to 16 ft"],
    specs: isuzuSpecs({
      ...NPR_GAS,
      gvwr: "12,000 lbs",
      wheelbase: "150 to 176 in",
      bodies: "10 to 16 ft",
      crew: true,
    }),
  },
  {
    id: "isuzu-npr-hd-gas",
    make: "Isuzu",
    model: ["NPR-HD"],
    name: "Isuzu NPR-HD Gas",
    series: "N-Series",
    fuel: "Gas",
    cab: "Regular",
    manufacturer: "isuzu",
    image: ILLUSTRATIONS.lowCabForward,
    title: "Isuzu NPR-HD gas low cab forward trucks, Calgary",
    meta: "Isuzu NPR-HD gas, 14,500 lb GVWR low cab forward trucks for city delivery fleets in Alberta.",
    intro:
      "The best-selling low cab forward for urban delivery: tight turning, a driver's view over the hood and 14,500 lb GVWR on a gas V8.",
    highlights: ["14,500 lb GVWR", "6.6L V8 gas engine", "Bodies from 12 to 20 ft"],
    specs: isuzuSpecs({
      ...NPR_GAS,
      gvwr: "14,500 lbs",
      wheelbase: "109 to 176 in",
      bodies: "12 to 20 ft",
      crew: false,
    }),
  },
  {
    id: "isuzu-npr-hd-gas-crew",
    make: "Isuzu",
    model: ["NPR-HD"],
    name: "Isuzu NPR-HD Gas Crew Cab",
    series: "N-Series",
    fuel: "Gas",
    cab: "Crew",
    manufacturer: "isuzu",
    image: ILLUSTRATIONS.lowCabForward,
    title: "Isuzu NPR-HD gas crew cab trucks, Calgary",
    meta: "Isuzu NPR-HD gas crew cab: 14,500 lb GVWR and seven seats for Alberta crews, from Summit Heavy Fleet.",
    intro:
      "The crew cab NPR-HD carries seven people and 14,500 lb GVWR: the truck for utility locators, arborists and paving crews who need a bigger body than a pickup can carry.",
    highlights: ["Seats 7", "14,500 lb GVWR", "6.6L V8 gas, 6-speed automatic"],
    specs: isuzuSpecs({
      ...NPR_GAS,
      gvwr: "14,500 lbs",
      wheelbase: "150 to 176 in",
      bodies: "10 to 16 ft",
      crew: true,
    }),
  },
  {
    id: "isuzu-npr-hd-diesel",
    make: "Isuzu",
    model: ["NPR-HD"],
    name: "Isuzu NPR-HD Diesel",
    series: "N-Series",
    fuel: "Diesel",
    cab: "Regular",
    manufacturer: "isuzu",
    image: ILLUSTRATIONS.lowCabForward,
    title: "Isuzu NPR-HD diesel low cab forward trucks, Calgary",
    meta: "Isuzu NPR-HD diesel, 14,500 lb GVWR: the 5.2L turbo-diesel low cab forward for high-mileage Alberta routes.",
    intro:
      "For routes that rack up the kilometres: the NPR-HD with Isuzu's own 5.2L turbo-diesel, built for a long life between rebuilds and better fuel economy under load than the gas V8.",
    highlights: ["14,500 lb GVWR", "4HK1-TC 5.2L turbo-diesel, 452 lb-ft", "Exhaust brake standard"],
    specs: isuzuSpecs({
      ...N_DIESEL,
      gvwr: "14,500 lbs",
      transmission: "Aisin 6-speed automatic",
      wheelbase: "109 to 176 in",
      bodies: "12 to 20 ft",
      crew: false,
    }),
  },
  {
    id: "isuzu-npr-hd-diesel-crew",
    make: "Isuzu",
    model: ["NPR-HD"],
    name: "Isuzu NPR-HD Diesel Crew Cab",
    series: "N-Series",
    fuel: "Diesel",
    cab: "Crew",
    manufacturer: "isuzu",
    image: ILLUSTRATIONS.lowCabForward,
    title: "Isuzu NPR-HD diesel crew cab trucks, Calgary",
    meta: "Isuzu NPR-HD diesel crew cab with seven seats and 14,500 lb GVWR for Alberta work crews.",
    intro:
      "Seven seats, a diesel that idles all day on a job site without complaint, and a 14,500 lb GVWR: a crew truck for municipal and utility fleets.",
    highlights: ["Seats 7", "14,500 lb GVWR", "4HK1-TC 5.2L turbo-diesel"],
    specs: isuzuSpecs({
      ...N_DIESEL,
      gvwr: "14,500 lbs",
      transmission: "Aisin 6-speed automatic",
      wheelbase: "150 to 176 in",
      bodies: "10 to 16 ft",
      crew: true,
    }),
  },
  {
    id: "isuzu-npr-xd-diesel",
    make: "Isuzu",
    model: ["NPR-XD"],
    name: "Isuzu NPR-XD Diesel",
    series: "N-Series",
    fuel: "Diesel",
    cab: "Regular",
    manufacturer: "isuzu",
    image: ILLUSTRATIONS.lowCabForward,
    title: "Isuzu NPR-XD diesel low cab forward trucks, Calgary",
    meta: "Isuzu NPR-XD diesel, 16,000 lb GVWR low cab forward trucks for Alberta fleets that need more payload.",
    intro:
      "A step up in payload: 16,000 lb GVWR lets the NPR-XD carry a heavier van body, a refrigeration unit or a liftgate without running out of capacity.",
    highlights: ["16,000 lb GVWR", "4HK1-TC 5.2L turbo-diesel", "Bodies up to 20 ft"],
    specs: isuzuSpecs({
      ...N_DIESEL,
      gvwr: "16,000 lbs",
      transmission: "Aisin 6-speed automatic",
      wheelbase: "109 to 176 in",
      bodies: "12 to 20 ft",
      crew: false,
    }),
  },
  {
    id: "isuzu-npr-xd-diesel-crew",
    make: "Isuzu",
    model: ["NPR-XD"],
    name: "Isuzu NPR-XD Diesel Crew Cab",
    series: "N-Series",
    fuel: "Diesel",
    cab: "Crew",
    manufacturer: "isuzu",
    image: ILLUSTRATIONS.lowCabForward,
    title: "Isuzu NPR-XD diesel crew cab trucks, Calgary",
    meta: "Isuzu NPR-XD diesel crew cab: seven seats and 16,000 lb GVWR for Alberta crews and their equipment.",
    intro:
      "The crew cab with the payload to match: 16,000 lb GVWR carries seven people plus a dump or landscape body loaded with material.",
    highlights: ["Seats 7", "16,000 lb GVWR", "Exhaust brake standard"],
    specs: isuzuSpecs({
      ...N_DIESEL,
      gvwr: "16,000 lbs",
      transmission: "Aisin 6-speed automatic",
      wheelbase: "150 to 176 in",
      bodies: "10 to 16 ft",
      crew: true,
    }),
  },
  {
    id: "isuzu-nqr-diesel",
    make: "Isuzu",
    model: ["NQR"],
    name: "Isuzu NQR Diesel",
    series: "N-Series",
    fuel: "Diesel",
    cab: "Regular",
    manufacturer: "isuzu",
    image: ILLUSTRATIONS.lowCabForward,
    title: "Isuzu NQR diesel low cab forward trucks, Calgary",
    meta: "Isuzu NQR diesel, 17,950 lb GVWR class 5 low cab forward trucks for Alberta delivery and refrigerated fleets.",
    intro:
      "Class 5 capacity in a low cab forward: 17,950 lb GVWR for 20 ft van bodies, reefers and tow-and-recovery bodies, with the Allison automatic for stop-and-go routes.",
    highlights: ["17,950 lb GVWR", "Allison automatic transmission", "Bodies up to 24 ft"],
    specs: isuzuSpecs({
      ...N_DIESEL,
      gvwr: "17,950 lbs",
      transmission: "Allison 1000 RDS 6-speed automatic",
      wheelbase: "132.5 to 212 in",
      bodies: "14 to 24 ft",
      crew: false,
    }),
  },
  {
    id: "isuzu-nqr-diesel-crew",
    make: "Isuzu",
    model: ["NQR"],
    name: "Isuzu NQR Diesel Crew Cab",
    series: "N-Series",
    fuel: "Diesel",
    cab: "Crew",
    manufacturer: "isuzu",
    image: ILLUSTRATIONS.lowCabForward,
    title: "Isuzu NQR diesel crew cab trucks, Calgary",
    meta: "Isuzu NQR diesel crew cab: seven seats and 17,950 lb GVWR for Alberta utility and construction fleets.",
    intro:
      "For crews that haul heavy: seven seats ahead of a body rated to 17,950 lb GVWR, the crew truck of choice for fencing, irrigation and municipal works.",
    highlights: ["Seats 7", "17,950 lb GVWR", "Allison automatic transmission"],
    specs: isuzuSpecs({
      ...N_DIESEL,
      gvwr: "17,950 lbs",
      transmission: "Allison 1000 RDS 6-speed automatic",
      wheelbase: "150 to 176 in",
      bodies: "12 to 18 ft",
      crew: true,
    }),
  },
  {
    id: "isuzu-nrr-diesel",
    make: "Isuzu",
    model: ["NRR"],
    name: "Isuzu NRR Diesel",
    series: "N-Series",
    fuel: "Diesel",
    cab: "Regular",
    manufacturer: "isuzu",
    image: ILLUSTRATIONS.lowCabForward,
    title: "Isuzu NRR diesel low cab forward trucks, Calgary",
    meta: "Isuzu NRR diesel, 19,500 lb GVWR class 5 low cab forward trucks for Alberta fleets.",
    intro:
      "The heaviest N-Series: a class 5 diesel for landscaping, refrigerated and moving bodies that need real payload without stepping up to a medium-duty conventional.",
    highlights: ["19,500 lb GVWR", "4HK1-TC 5.2L turbo-diesel", "Allison automatic transmission"],
    specs: isuzuSpecs({
      ...N_DIESEL,
      gvwr: "19,500 lbs",
      transmission: "Allison 1000 RDS 6-speed automatic",
      wheelbase: "109 to 212 in",
      bodies: "12 to 24 ft",
      crew: false,
    }),
  },
  {
    id: "isuzu-nrr-crew-cab",
    make: "Isuzu",
    model: ["NRR"],
    name: "Isuzu NRR Crew Cab",
    series: "N-Series",
    fuel: "Diesel",
    cab: "Crew",
    manufacturer: "isuzu",
    image: ILLUSTRATIONS.lowCabForward,
    title: "Isuzu NRR diesel crew cab trucks, Calgary",
    meta: "Isuzu NRR crew cab: seven seats and 19,500 lb GVWR, the heaviest N-Series crew truck, from Summit Heavy Fleet.",
    intro:
      "The largest N-Series crew cab: 19,500 lb GVWR behind seven seats, for road crews and contractors who would otherwise need a second truck to haul their gear.",
    highlights: ["Seats 7", "19,500 lb GVWR", "Exhaust brake standard"],
    specs: isuzuSpecs({
      ...N_DIESEL,
      gvwr: "19,500 lbs",
      transmission: "Allison 1000 RDS 6-speed automatic",
      wheelbase: "150 to 176 in",
      bodies: "12 to 18 ft",
      crew: true,
    }),
  },
  // ---------------------------------------------------------------- Isuzu F-Series
  {
    id: "isuzu-ftr-diesel",
    make: "Isuzu",
    model: ["FTR"],
    name: "Isuzu FTR Diesel",
    series: "F-Series",
    fuel: "Diesel",
    cab: "Regular",
    manufacturer: "isuzu",
    image: ILLUSTRATIONS.mediumDutyTruck,
    title: "Isuzu FTR class 6 diesel trucks, Calgary",
    meta: "Isuzu FTR class 6 medium-duty low cab forward with the Cummins B6.7 diesel, for Alberta distribution fleets.",
    intro:
      "A class 6 medium-duty truck with the visibility and turning of a cab-over: 25,950 lb GVWR for beverage, furniture and building-supply routes that a class 5 can't carry.",
    highlights: ["25,950 lb GVWR (class 6)", "Cummins B6.7 diesel", "Bodies up to 30 ft"],
    specs: isuzuSpecs({
      gvwr: "25,950 lbs",
      engine: "Cummins B6.7 turbo-diesel",
      power: "260 hp / 660 lb-ft",
      transmission: "Allison 2500 RDS automatic",
      wheelbase: "152 to 248 in",
      bodies: "14 to 30 ft",
      fuelTank: "50 gal",
      crew: false,
      fuel: "Diesel",
      accessories: F_SERIES_ACCESSORIES,
    }),
  },
  {
    id: "isuzu-fvr-diesel-class-6",
    make: "Isuzu",
    model: ["FVR"],
    name: "Isuzu FVR Diesel Class 6",
    series: "F-Series",
    fuel: "Diesel",
    cab: "Regular",
    manufacturer: "isuzu",
    image: ILLUSTRATIONS.mediumDutyTruck,
    title: "Isuzu FVR class 6 diesel trucks, Calgary",
    meta: "Isuzu FVR class 6, 25,950 lb GVWR medium-duty trucks, no air brake endorsement needed with hydraulic brakes.",
    intro:
      "The FVR rated at 25,950 lb GVWR with hydraulic brakes, so your drivers need no air brake endorsement: the heavier FVR frame and axles for hard-working class 6 routes.",
    highlights: ["25,950 lb GVWR (class 6)", "Hydraulic brakes", "Cummins B6.7, Allison automatic"],
    text: [
      "Carrying more? The FVR Class 7 is the same truck rated to 33,000 lb GVWR with air brakes; ask us to spec either.",
    ],
    specs: isuzuSpecs({
      gvwr: "25,950 lbs",
      engine: "Cummins B6.7 turbo-diesel",
      power: "260 hp / 660 lb-ft",
      transmission: "Allison 2500 RDS automatic",
      wheelbase: "152 to 248 in",
      bodies: "16 to 30 ft",
      fuelTank: "50 gal",
      crew: false,
      fuel: "Diesel",
      accessories: F_SERIES_ACCESSORIES,
    }),
  },
  {
    id: "isuzu-fvr-diesel-class-7",
    make: "Isuzu",
    model: ["FVR"],
    name: "Isuzu FVR Diesel Class 7",
    series: "F-Series",
    fuel: "Diesel",
    cab: "Regular",
    manufacturer: "isuzu",
    image: ILLUSTRATIONS.mediumDutyTruck,
    title: "Isuzu FVR class 7 diesel trucks, Calgary",
    meta: "Isuzu FVR class 7, 33,000 lb GVWR medium-duty trucks with air brakes, for Alberta's heaviest local routes.",
    intro:
      "Isuzu's heaviest truck: 33,000 lb GVWR with air brakes and the 300 hp Cummins, for dump, stake and large van bodies on the toughest local and regional work.",
    highlights: ["33,000 lb GVWR (class 7)", "Air brakes", "Cummins B6.7, up to 300 hp"],
    text: ["Drivers without an air brake endorsement? The FVR Class 6 keeps hydraulic brakes at 25,950 lb GVWR."],
    specs: isuzuSpecs({
      gvwr: "33,000 lbs",
      engine: "Cummins B6.7 turbo-diesel",
      power: "300 hp / 660 lb-ft",
      transmission: "Allison 3000 RDS automatic",
      wheelbase: "176 to 248 in",
      bodies: "18 to 30 ft",
      fuelTank: "50 gal",
      crew: false,
      fuel: "Diesel",
      accessories: { ...F_SERIES_ACCESSORIES, "Air Brakes": "Standard" },
    }),
  },
  // ---------------------------------------------------------------- Isuzu electric
  {
    id: "isuzu-nrr-ev",
    make: "Isuzu",
    model: ["NRR EV"],
    name: "Isuzu NRR EV",
    series: "N-Series EV",
    fuel: "Electric",
    cab: "Regular",
    manufacturer: "isuzu",
    image: ILLUSTRATIONS.electricTruck,
    title: "Isuzu NRR EV electric trucks, Calgary",
    meta: "Isuzu NRR EV battery-electric class 5 low cab forward truck for zero-emission city routes.",
    intro:
      "Zero tailpipe emissions for city routes, with the N-Series cab your drivers already know. Choose the battery packs for your route's length, and charge overnight at the depot or fast during the day.",
    highlights: ["Class 5, 19,500 lb GVWR", "Up to 235 miles of range", "DC fast charging"],
    specs: [
      {
        title: "Specifications",
        values: {
          Class: "Class 5",
          GVWR: "19,500 lbs",
          Wheelbase: "150 to 176 in",
          Battery: "Up to 9 packs, 180 kWh",
          Charging: "DC fast charge and Level 2 AC",
          Range: "Up to 235 miles",
        },
      },
    ],
  },
];

/**
 * Ids the old site used, kept working. It gave FVR class 6 and class 7 one id: that id now opens class 6, the
 * page that links to class 7 in its description of the range.
 */
export const LEGACY_MODEL_IDS: Readonly<Record<string, string>> = {
  "isuzu-fvr-diesel": "isuzu-fvr-diesel-class-6",
};

export function canonicalModelId(id: string): string {
  return (Object.hasOwn(LEGACY_MODEL_IDS, id) ? LEGACY_MODEL_IDS[id] : undefined) ?? id;
}

export function findLineupModel(id: string): LineupModel | undefined {
  const canonical = canonicalModelId(id);
  return LINEUP_MODELS.find((m) => m.id === canonical);
}

export function modelsOf(manufacturer: Manufacturer): LineupModel[] {
  return LINEUP_MODELS.filter((m) => m.manufacturer === manufacturer);
}
