import { type LineupModel, lineupModelSchema, type Manufacturer } from "shared-types";
import { ILLUSTRATIONS } from "./illustrations";

const ISUZU_SUPPORT = {
  title: "Support",
  values: {
    "Dealer Network": "300 dedicated Isuzu truck dealers across North America",
    "Roadside Assistance": "Isuzu Roadside Assistance, 24 hours a day, 365 days a year",
  },
};

/**
 * The GM and Isuzu line-ups (SPEC §3 "Lineup model"). `model` lists the inventory model names each entry matches,
 * so the in-stock counts come straight from the inventory API.
 */
export const LINEUP_MODELS: readonly LineupModel[] = [
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
    specs: [
      {
        title: "Specifications",
        values: {
          Class: "Class 2 light duty",
          GCVR: "Up to 19,100 lb",
          Payload: "Up to 2,260 lb",
          Engine: "2.7L Turbo I4, 5.3L V8, 6.2L V8 or 3.0L Duramax diesel",
          Horsepower: "Up to 420 hp (6.2L V8)",
          Torque: "Up to 495 lb-ft (3.0L Duramax)",
          Transmission: "10-speed automatic",
          Tires: "17-inch all-season on WT",
          "Fuel Tank": "24 gal standard, 28 gal available",
        },
      },
    ],
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
    specs: [
      {
        title: "Specifications",
        values: {
          Class: "Class 2b heavy duty",
          GCVR: "Up to 30,000 lb",
          Payload: "Up to 3,760 lb",
          Engine: "6.6L V8 gas or 6.6L Duramax turbo-diesel V8",
          Horsepower: "Up to 470 hp (Duramax)",
          Torque: "Up to 975 lb-ft (Duramax)",
          Transmission: "Allison 10-speed automatic",
          Tires: "18-inch all-terrain",
          "Fuel Tank": "36 gal",
        },
      },
    ],
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
    specs: [
      {
        title: "Specifications",
        values: {
          Class: "Class 2b / 3",
          GCVR: "Up to 16,000 lb",
          Payload: "Up to 4,280 lb",
          Engine: "6.6L V8 gas",
          Horsepower: "401 hp",
          Torque: "464 lb-ft",
          Transmission: "8-speed automatic",
          Tires: "16-inch all-season",
          "Fuel Tank": "31 gal",
        },
      },
    ],
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
    specs: [
      {
        title: "Under and Behind Cab",
        values: {
          GVWR: "14,500 lbs",
          Engine: "6.6L V8 gas",
          Transmission: "6-speed automatic",
          Wheelbase: "109 to 176 in",
        },
      },
      {
        title: "Interior",
        values: { Seating: "3 passengers", "Air Conditioning": "Standard", "Power Windows": "Standard" },
      },
      {
        title: "Warranty",
        values: {
          Standard: "36 months / 36,000 miles",
          Powertrain: "60 months / 75,000 miles",
          "Oil Coverage": "24 months / 30,000 miles",
          Extended: "Extended warranty options available",
        },
      },
      ISUZU_SUPPORT,
      {
        title: "Accessories",
        values: { "Backup Camera": "Standard", "Cruise Control": "Optional", "Engine Block Heater": "Optional" },
      },
    ],
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
      "The heaviest N-Series: a class 5 diesel for landscaping, refrigerated and moving bodies that need real payload without a CDL-class truck.",
    highlights: ["19,500 lb GVWR", "4HK1-TC 5.2L turbo-diesel", "Allison automatic transmission"],
    specs: [
      {
        title: "Under and Behind Cab",
        values: {
          GVWR: "19,500 lbs",
          Engine: "4HK1-TC 5.2L diesel",
          Transmission: "Allison 6-speed automatic",
          Wheelbase: "109 to 212 in",
        },
      },
      {
        title: "Interior",
        values: { Seating: "3 passengers", "Air Conditioning": "Standard", "Power Windows": "Standard" },
      },
      {
        title: "Warranty",
        values: {
          Standard: "36 months / unlimited miles",
          Powertrain: "60 months / 175,000 miles",
          "Oil Coverage": "24 months / 60,000 miles",
          Extended: "Extended warranty options available",
        },
      },
      ISUZU_SUPPORT,
      {
        title: "Accessories",
        values: { "Exhaust Brake": "Standard", "Backup Camera": "Standard", "Air Suspension Seat": "Optional" },
      },
    ],
  },
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
    intro: "Zero tailpipe emissions for city routes, with the N-Series cab your drivers already know.",
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
].map((m) => lineupModelSchema.parse(m));

export function findLineupModel(id: string): LineupModel | undefined {
  return LINEUP_MODELS.find((m) => m.id === id);
}

export function modelsOf(manufacturer: Manufacturer): LineupModel[] {
  return LINEUP_MODELS.filter((m) => m.manufacturer === manufacturer);
}
