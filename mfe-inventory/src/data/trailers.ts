import type { UnitCharge } from "shared-types";
import type { Trailer } from "../remote";

/**
 * What the dealership charges on a trailer besides its price, for the all-in price Alberta requires of a trailer
 * too (a vehicle under the Traffic Safety Act): the administration fee, the AMVIC levy and the tire recycling fee
 * per tire (two on a single axle, four on a tandem, six on a tri-axle). The same amounts as the API's unit charges.
 */
function trailerCharges(t: Pick<Trailer, "extended_description" | "description">): UnitCharge[] {
  const text = `${t.description} ${t.extended_description}`.toLowerCase();
  const tires = text.includes("tri-axle") ? 6 : text.includes("tandem") ? 4 : 2;
  return [
    { kind: "admin_fee", label: "Administration fee", amount_cents: 49_900 },
    { kind: "levy", label: "AMVIC levy", amount_cents: 625 },
    { kind: "levy", label: `Alberta tire recycling fee (${tires} tires)`, amount_cents: 400 * tires },
  ];
}

type ListedTrailer = Omit<Trailer, "charges">;

/** The fixed trailer inventory (SPEC §3: 13 trailers, not fetched), each with its charges. */
export const TRAILERS: readonly Trailer[] = (
  [
    {
      asset_type: "Enclosed",
      manufacturer: "Haulmark",
      name: "Haulmark Transport 7x16 Enclosed Cargo Trailer",
      vin: "5NHUTR720RT410281",
      stock_number: "TR410281",
      price: 15880,
      image_count: 6,
      description: "7 ft by 16 ft enclosed cargo trailer with a rear ramp door and a 36 inch side door.",
      extended_description:
        "Tandem 3,500 lb axles with electric brakes, 7,000 lb GVWR, LED lighting, 16 inch on-centre floor crossmembers, interior E-track on both walls and a roof vent. Ready for contractors' tools or mobile service.",
      link: "",
    },
    {
      asset_type: "Enclosed",
      manufacturer: "Haulmark",
      name: "Haulmark Grizzly 8.5x20 Enclosed Car Hauler",
      vin: "5NHUGH826RT410377",
      stock_number: "TR410377",
      price: 23880,
      image_count: 9,
      description: "8.5 ft by 20 ft enclosed car hauler with a beavertail and spring-assist ramp door.",
      extended_description:
        "Tandem 5,200 lb torsion axles, 9,990 lb GVWR, D-rings recessed in the floor, 12 V interior lights, 48 inch escape door and aluminium wheels.",
      link: "",
    },
    {
      asset_type: "Flat Deck",
      manufacturer: "Big Tex",
      name: "Big Tex 14PI 83x20 Pintle Flat Deck",
      vin: "16VPX2021R2910455",
      stock_number: "TR910455",
      price: 18880,
      image_count: 5,
      description: "20 ft pintle-hitch flat deck with a 14,000 lb GVWR and mega ramps.",
      extended_description:
        "Two 7,000 lb dexter spring axles, 8 inch channel frame, treated wood deck, stake pockets and rub rail, front toolbox and 12,000 lb jack.",
      link: "",
    },
    {
      asset_type: "Flat Deck",
      manufacturer: "Big Tex",
      name: "Big Tex 22GN 102x25+5 Gooseneck Flat Deck",
      vin: "16VGX2526R2910512",
      stock_number: "TR910512",
      price: 37880,
      image_count: 11,
      description: "30 ft gooseneck flat deck with a 5 ft dovetail, 25,900 lb GVWR.",
      extended_description:
        "Dual 12,000 lb axles with electric-over-hydraulic disc brakes, 12 inch I-beam frame, monster ramps, dual 12,000 lb hydraulic jacks and a spare tire mount.",
      link: "",
    },
    {
      asset_type: "Wedge",
      manufacturer: "Load Trail",
      name: "Load Trail 102x24 Wedge Car Hauler",
      vin: "4ZECH2424R1097321",
      stock_number: "TR097321",
      price: 21880,
      image_count: 7,
      description: "24 ft wedge car hauler for one-tonne pickups, 14,000 lb GVWR.",
      extended_description:
        "Tilt-style wedge deck with a 4 ft flat section, 7,000 lb axles with brakes on both, 2 5/16 inch adjustable coupler and a 10,000 lb drop-leg jack.",
      link: "",
    },
    {
      asset_type: "Wedge",
      manufacturer: "Load Trail",
      name: "Load Trail 102x32 Gooseneck Wedge",
      vin: "4ZEGW3227R1097388",
      stock_number: "TR097388",
      price: 34880,
      image_count: 8,
      description: "32 ft gooseneck wedge for multi-car hauling, 21,000 lb GVWR.",
      extended_description:
        "Dual 10,000 lb axles, 17.5 inch tires, hydraulic jacks, winch plate and a front rack with storage.",
      link: "",
    },
    {
      asset_type: "Enclosed",
      manufacturer: "Look",
      name: "Look Element 6x12 Enclosed Cargo Trailer",
      vin: "53BLTEA12RA118840",
      stock_number: "TR118840",
      price: 15880,
      image_count: 4,
      description: "Compact 6 ft by 12 ft enclosed cargo trailer with a rear barn door.",
      extended_description:
        "Single 3,500 lb axle, 2,990 lb GVWR, flat front, side door, ideal for a tradesperson's tools behind a half-ton.",
      link: "",
    },
    {
      asset_type: "Enclosed",
      manufacturer: "Look",
      name: "Look Vision 8.5x24 Enclosed Contractor Trailer",
      vin: "53BLTEA24RA118902",
      stock_number: "TR118902",
      price: 29880,
      image_count: 10,
      description: "8.5 ft by 24 ft enclosed contractor trailer with a 7 ft interior height.",
      extended_description:
        "Tandem 5,200 lb axles, 9,990 lb GVWR, ramp door with transition flap, 110 V package with two outlets and a dome light, shelving on the road side.",
      link: "",
    },
    {
      asset_type: "Flat Deck",
      manufacturer: "PJ Trailers",
      name: "PJ 83x16 Utility Flat Deck",
      vin: "4P5U81626R3061145",
      stock_number: "TR061145",
      price: 0,
      image_count: 3,
      description: "16 ft utility flat deck with a fold-up gate, 7,000 lb GVWR.",
      extended_description:
        "Tandem 3,500 lb axles, angle-iron frame, treated wood floor and a 4 ft fold-up gate. Price on request: call for fleet pricing.",
      link: "",
    },
    {
      asset_type: "Flat Deck",
      manufacturer: "PJ Trailers",
      name: "PJ 102x22 Deckover",
      vin: "4P5LD2224R3061210",
      stock_number: "TR061210",
      price: 26880,
      image_count: 6,
      description: "22 ft deckover with a 14,000 lb GVWR and slide-in ramps.",
      extended_description:
        "Two 7,000 lb axles with electric brakes, 10 inch I-beam frame, 102 inch deck, stake pockets and rub rail, and a 2 5/16 inch adjustable coupler.",
      link: "",
    },
    {
      asset_type: "",
      manufacturer: "Triton",
      name: "Triton XT20 Aluminium Open Sled Trailer",
      vin: "5SJXT2027R1045503",
      stock_number: "TR045503",
      price: 16880,
      image_count: 2,
      description: "Aluminium sled and ATV trailer with a drive-on, drive-off ramp.",
      extended_description:
        "20 ft deck with an extruded aluminium floor, side rails, 3,500 lb GVWR and a front salt shield.",
      link: "",
    },
    {
      asset_type: "Enclosed",
      manufacturer: "Haulmark",
      name: "Haulmark Passport 7x14 Enclosed Cargo Trailer",
      vin: "5NHUPA714RT410498",
      stock_number: "TR410498",
      price: 17880,
      image_count: 1,
      description: "7 ft by 14 ft enclosed cargo trailer with a ramp door.",
      extended_description:
        "Tandem 3,500 lb axles, V-nose, 6 ft 6 in interior height, side door and interior lighting.",
      link: "",
    },
    {
      asset_type: "Wedge",
      manufacturer: "Big Tex",
      name: "Big Tex 14ET 83x20 Equipment Tilt",
      vin: "16VET2021R2910601",
      stock_number: "TR910601",
      price: 28880,
      image_count: 0,
      description: "20 ft equipment tilt deck for skid steers and mini excavators, 14,000 lb GVWR.",
      extended_description:
        "16 ft tilt section with 4 ft stationary deck, hydraulic dampening cylinder, two 7,000 lb axles and 17.5 inch tires.",
      link: "",
    },
  ] satisfies ListedTrailer[]
).map((t) => ({ ...t, charges: trailerCharges(t) }));

export function findTrailer(stockNumber: string): Trailer | undefined {
  return TRAILERS.find((t) => t.stock_number === stockNumber);
}
