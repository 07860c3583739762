import { BODY_SHOP_ITEMS, SERVICE_ITEMS, type SiteSectionItem } from "shared-types";
import bus from "../assets/headers/header-bus.svg";
import collision from "../assets/headers/header-collision.svg";
import electrical from "../assets/headers/header-electrical.svg";
import engine from "../assets/headers/header-engine.svg";
import inspection from "../assets/headers/header-inspection.svg";
import maintenance from "../assets/headers/header-maintenance.svg";
import motorhome from "../assets/headers/header-motorhome.svg";
import paint from "../assets/headers/header-paint.svg";

/** Drawn header backgrounds, 1600×480 each. */
export const HEADER_IMAGES = { bus, collision, electrical, engine, inspection, maintenance, motorhome, paint } as const;
export type HeaderImage = keyof typeof HEADER_IMAGES;
export const HEADER_WIDTH = 1600;
export const HEADER_HEIGHT = 480;

export interface ContentBlock {
  heading: string;
  paragraphs?: readonly string[];
  list?: readonly string[];
}

export interface SectionPage extends SiteSectionItem {
  section: "service" | "body-shop";
  metaTitle: string;
  metaDescription: string;
  header: HeaderImage;
  lead: string;
  blocks: readonly ContentBlock[];
  /** Long pages repeat the booking form at the end, so nobody scrolls back up to book. */
  forms: 1 | 2;
}

type PageText = Omit<SectionPage, "section" | "title" | "link">;

const SERVICE_TEXT: Record<string, PageText> = {
  "commercial-vehicle-inspection": {
    metaTitle: "Commercial Vehicle Inspection (CVIP), Calgary",
    metaDescription:
      "Alberta CVIP inspections for trucks, trailers and buses in Calgary: who needs one, what we check, the record of inspection and the decal.",
    header: "inspection",
    lead: "Alberta's Commercial Vehicle Inspection Program (CVIP) keeps heavy trucks, trailers and buses safe on the road. Our licensed inspection facility and certified technicians inspect your units on a schedule that fits your routes, and repair what fails in the same bay.",
    forms: 2,
    blocks: [
      {
        heading: "Who needs a CVIP inspection",
        paragraphs: [
          "Commercial vehicles registered in Alberta must pass a periodic inspection at a licensed facility. How often depends on the vehicle and where it travels:",
        ],
        list: [
          "Trucks, tractors and trailers with a registered gross vehicle weight above 11,794 kg operated only within Alberta: every year.",
          "Trucks, tractors and trailers above 4,500 kg that travel outside Alberta (extra-provincial): every year.",
          "Buses designed to carry more than 10 people, including the driver: every six months (semi-annual).",
          "School buses, and vehicles your insurer, contract or carrier profile asks us to inspect more often: on that schedule.",
        ],
      },
      {
        heading: "What the inspection covers",
        paragraphs: [
          "We follow the National Safety Code standard the province adopts for CVIP. Every item is checked against its pass/fail criteria, not a technician's impression:",
        ],
        list: [
          "Brakes: linings, drums and rotors, adjustment, air system leakage and build-up, ABS warning, parking brake.",
          "Steering: linkage, free play, gear mounting, power steering.",
          "Suspension: springs, hangers, U-bolts, air bags, torque rods.",
          "Frame and body: cracks, corrosion, cross-members, cab and body mounts, bumpers, fifth wheel and coupling devices.",
          "Tires and wheels: tread depth, sidewall damage, matching of duals, fasteners and rims.",
          "Lamps, reflectors and conspicuity tape; horn, wipers, mirrors and glazing.",
          "Exhaust and fuel systems: leaks, mounting, proximity to wiring and brake lines.",
          "Driver controls, seats and belts; for buses, emergency exits, passenger seating and interior lamps.",
        ],
      },
      {
        heading: "The record of inspection",
        paragraphs: [
          "When your unit passes, you receive a completed inspection report signed by the certified technician, listing each item checked and its result. Keep it with your maintenance records: Alberta Transportation and carrier audits ask for it, and the current one must be available for the vehicle.",
          "If something fails, we list the defects and quote the repair before any work. Most failed items are repaired the same day, and the unit is re-inspected before it leaves.",
        ],
      },
      {
        heading: "The inspection decal",
        paragraphs: [
          "A passed inspection earns the CVIP decal, applied to the vehicle so enforcement officers can see at a glance that it is current. The decal shows the month and year the inspection expires. Running past that date is an offence, so ask us to remind you: we keep your fleet's due dates and call ahead.",
        ],
      },
      {
        heading: "Booking a fleet",
        paragraphs: [
          "Bring one unit or schedule a whole fleet over a few days. Early-morning drop-offs start at 7:30 AM, and we can line up inspections with your preventative maintenance so each truck is off the road once.",
        ],
      },
    ],
  },
  "school-bus-inspection-and-repair": {
    metaTitle: "School Bus Inspection and Repair, Calgary",
    metaDescription:
      "Semi-annual CVIP inspections and repairs for school buses in Calgary: brakes, emergency exits, stop arms and lighting.",
    header: "bus",
    lead: "School buses carry the most precious load on the road. We inspect and repair type A to type D school buses for districts and contractors across southern Alberta, on the semi-annual schedule the province requires.",
    forms: 1,
    blocks: [
      {
        heading: "Semi-annual inspections",
        paragraphs: [
          "Buses designed to carry more than 10 people, the driver included, need a CVIP inspection every six months. We book your buses around the school calendar, with summer and winter-break blocks for whole fleets.",
        ],
      },
      {
        heading: "What we look at on a school bus",
        list: [
          "Stop arms, crossing arms, eight-way warning lamps and strobe lights.",
          "Emergency doors, windows and roof hatches, with their alarms and signage.",
          "Seat frames, padding and anchorage; wheelchair lifts and securement on special-needs buses.",
          "Brakes, steering, suspension and tires to the same standard as any heavy vehicle.",
        ],
      },
      {
        heading: "Repairs that keep routes running",
        paragraphs: [
          "We stock the brake, lighting and door parts school buses wear out most, so a failed item is usually fixed the same day. Ask about a loaner schedule for your spare buses during inspection season.",
        ],
      },
    ],
  },
  "diesel-emissions-diagnosis-and-repair": {
    metaTitle: "Diesel Emissions (DPF, DEF, EGR) Repair, Calgary",
    metaDescription:
      "DPF cleaning, DEF and SCR repairs, EGR diagnosis and forced regenerations for diesel trucks in Calgary.",
    header: "engine",
    lead: "Modern diesels depend on their aftertreatment. When a diesel particulate filter plugs, a DEF sensor fails or an EGR cooler leaks, the truck derates and your route stops. We diagnose the cause, not just the code.",
    forms: 1,
    blocks: [
      {
        heading: "What we repair",
        list: [
          "Diesel particulate filters (DPF): forced regenerations, cleaning and replacement.",
          "Selective catalytic reduction (SCR) and diesel exhaust fluid (DEF): pumps, heaters, injectors, NOx sensors and fluid quality.",
          "Exhaust gas recirculation (EGR): valves, coolers and sensors.",
          "Turbochargers, variable-geometry actuators and charge-air leaks that upset the emissions system.",
        ],
      },
      {
        heading: "Why the DPF keeps plugging",
        paragraphs: [
          "Short trips and long idle times, common for city delivery and winter fleets, keep exhaust temperatures too low to burn off soot. We look at your duty cycle, check the injectors, EGR and sensors that add soot, and set the truck up to regenerate on its own again.",
        ],
      },
      {
        heading: "Legal, documented repairs",
        paragraphs: [
          "We repair emissions systems to the manufacturer's specification. Deleting or defeating them is illegal and voids warranties; we do not do it.",
        ],
      },
    ],
  },
  "engine-differential-and-transmission-repair-and-rebuild": {
    metaTitle: "Engine, Differential and Transmission Rebuilds, Calgary",
    metaDescription:
      "Diesel and gas engine, differential and transmission repairs and rebuilds for trucks and vans in Calgary.",
    header: "engine",
    lead: "When a powertrain component fails, you need to know whether to repair, rebuild or replace, and how long the truck will be down. We give you that answer with a written estimate before we turn a wrench.",
    forms: 1,
    blocks: [
      {
        heading: "Engines",
        paragraphs: [
          "From Duramax and Isuzu 4HK1 diesels to GM gas V8s and Cummins B6.7s: in-frame and out-of-frame overhauls, head gaskets, injectors, timing components and cooling systems.",
        ],
      },
      {
        heading: "Transmissions and differentials",
        paragraphs: [
          "Allison and Aisin automatics, GM 8- and 10-speeds, manual gearboxes, transfer cases and axles: fluid and filter services, valve bodies, clutch packs, gear sets, bearings and seals.",
        ],
      },
      {
        heading: "Rebuild or replace?",
        paragraphs: [
          "We compare the cost of a rebuild, a remanufactured exchange unit and a replacement truck against the unit's age, kilometres and value, and recommend the one that makes sense for your fleet.",
        ],
      },
    ],
  },
  "air-conditioning-service-and-repair": {
    metaTitle: "Truck Air Conditioning Service and Repair, Calgary",
    metaDescription:
      "A/C recharge, leak detection, compressor and heater repairs for trucks, vans and buses in Calgary.",
    header: "electrical",
    lead: "A hot cab in July is a safety issue and a driver-retention issue. We service and repair air conditioning on pickups, cargo vans, medium-duty trucks and buses, including the rear units on passenger vehicles.",
    forms: 1,
    blocks: [
      {
        heading: "Our A/C service",
        list: [
          "Performance check and leak detection with dye and electronic sniffers.",
          "Refrigerant recovery, evacuation and recharge (R-134a and R-1234yf).",
          "Compressors, condensers, evaporators, expansion valves and blend-door actuators.",
          "Cab heaters and auxiliary heaters for Alberta winters.",
        ],
      },
      {
        heading: "Book before the heat",
        paragraphs: [
          "Spring is the time to check a fleet's A/C: small leaks found in April are cheap to fix, while a seized compressor in August takes the truck off the road.",
        ],
      },
    ],
  },
  alignments: {
    metaTitle: "Truck Wheel Alignments, Calgary",
    metaDescription:
      "Wheel alignments for pickups, vans and heavy trucks in Calgary: less tire wear, straight tracking, lower fuel costs.",
    header: "maintenance",
    lead: "A misaligned truck eats tires and fuel and tires out its driver. Our alignment equipment handles everything from half-ton pickups to tandem-axle trucks.",
    forms: 1,
    blocks: [
      {
        heading: "Signs a truck needs an alignment",
        list: [
          "Uneven or feathered tire wear, or tires wearing out early.",
          "The truck pulls to one side or the steering wheel sits off centre.",
          "After new tires, suspension or steering parts, or a hard hit on a curb or pothole.",
        ],
      },
      {
        heading: "What an alignment includes",
        paragraphs: [
          "We inspect steering and suspension parts first, since a worn part makes an alignment pointless, then set camber, caster and toe to the manufacturer's specifications and give you the before and after readings.",
        ],
      },
    ],
  },
  "clutch-and-driveline-diagnosis-and-repair": {
    metaTitle: "Clutch and Driveline Repair, Calgary",
    metaDescription:
      "Clutch replacement, driveshafts, U-joints and carrier bearings for trucks in Calgary, diagnosed and repaired.",
    header: "engine",
    lead: "A vibration at highway speed, a clunk when you take off or a clutch that slips on a hill: driveline problems get worse and more expensive the longer they wait.",
    forms: 1,
    blocks: [
      {
        heading: "What we repair",
        list: [
          "Clutches, flywheels, release bearings and hydraulic or air clutch controls.",
          "Driveshafts, U-joints, slip yokes and carrier bearings, with balancing.",
          "Transfer cases, PTOs and their driveshafts on upfit trucks.",
        ],
      },
      {
        heading: "Finding the vibration",
        paragraphs: [
          "We road-test with the driver's description in mind, measure driveline angles and check balance, so the fix is right the first time rather than a series of parts swaps.",
        ],
      },
    ],
  },
  "complete-brake-service-and-repair": {
    metaTitle: "Truck Brake Service and Repair, Calgary",
    metaDescription:
      "Hydraulic and air brake service for pickups, vans, heavy trucks and trailers in Calgary: pads, drums, chambers, ABS.",
    header: "inspection",
    lead: "Brakes are the most-cited defect at roadside inspections. We service hydraulic and air brake systems on every class of truck, trailer and bus.",
    forms: 1,
    blocks: [
      {
        heading: "Hydraulic brakes",
        paragraphs: [
          "Pads, rotors, calipers, lines, master cylinders and brake fluid flushes for pickups, vans and N-Series trucks.",
        ],
      },
      {
        heading: "Air brakes",
        list: [
          "Shoes, drums, slack adjusters and S-cams.",
          "Brake chambers, valves, air dryers and compressors.",
          "Air system leak-down and governor tests.",
          "ABS sensors, modules and wiring.",
        ],
      },
      {
        heading: "Fleet brake programs",
        paragraphs: [
          "Add a brake check to every preventative maintenance visit and we will measure and record lining wear, so you plan brake jobs instead of finding them at inspection time.",
        ],
      },
    ],
  },
  "computer-and-electronic-diagnostics": {
    metaTitle: "Truck Computer Diagnostics, Calgary",
    metaDescription:
      "Dealer-level scan tools for GM, Isuzu, Cummins and Allison: diagnostics, programming and software updates in Calgary.",
    header: "electrical",
    lead: "Today's trucks run on networks of control modules. Our dealer-level scan tools read what generic code readers cannot, so we find faults faster and program new modules correctly.",
    forms: 1,
    blocks: [
      {
        heading: "What we diagnose and program",
        list: [
          "Engine, transmission and aftertreatment controllers (GM, Isuzu, Cummins, Allison).",
          "Body control, instrument cluster and telematics modules.",
          "Parameter changes: road speed limits, idle shutdown and PTO settings for your fleet policy.",
          "Software updates and recall reflashes.",
        ],
      },
      {
        heading: "A check-engine light is information",
        paragraphs: [
          "We read freeze-frame data and fault histories, test the circuits involved and explain what caused the light, so you can decide what must be fixed today and what can wait for the next service.",
        ],
      },
    ],
  },
  "electrical-diagnosis-and-repair": {
    metaTitle: "Truck Electrical Diagnosis and Repair, Calgary",
    metaDescription:
      "Charging, starting, lighting and wiring repairs for trucks, trailers and upfit equipment in Calgary.",
    header: "electrical",
    lead: "Electrical faults are the hardest to chase and the easiest to get wrong. Our technicians trace them with wiring diagrams and proper test equipment rather than guesswork.",
    forms: 1,
    blocks: [
      {
        heading: "Common jobs",
        list: [
          "Batteries, alternators, starters and charging-system tests, including cold-weather load tests.",
          "Trailer lighting and connectors, ABS power and seven-way plugs.",
          "Corroded harnesses and connectors from road salt.",
          "Upfit wiring: beacons, work lights, liftgates, inverters and their circuit protection.",
        ],
      },
      {
        heading: "Parasitic drains",
        paragraphs: [
          "A truck that will not start after a weekend usually has something drawing power. We measure the draw circuit by circuit and fix the cause, not just the battery.",
        ],
      },
    ],
  },
  "full-service-preventative-maintenance": {
    metaTitle: "Fleet Preventative Maintenance Programs, Calgary",
    metaDescription:
      "Scheduled preventative maintenance for fleets in Calgary: oil, filters, inspections and records, planned around your routes.",
    header: "maintenance",
    lead: "Planned maintenance costs less than breakdowns. We set up a preventative maintenance schedule for each unit by its kilometres, hours and duty, keep the records, and call you when a truck is due.",
    forms: 1,
    blocks: [
      {
        heading: "A typical PM visit",
        list: [
          "Engine oil and filter, fuel and air filters as scheduled.",
          "Chassis lubrication, fluid levels and condition.",
          "Brake, steering, suspension, tire and lighting inspection with measurements recorded.",
          "Belts, hoses, batteries and cooling system.",
          "A written report of what was found, what was done and what to plan for.",
        ],
      },
      {
        heading: "Built around your operation",
        paragraphs: [
          "We schedule early drop-offs, after-hours key drops and whole-fleet days, and line up CVIP inspections with PM visits so each unit is off the road once.",
        ],
      },
    ],
  },
  "all-mechanical-repairs": {
    metaTitle: "Commercial Truck Mechanical Repairs, Calgary",
    metaDescription:
      "Mechanical repairs for every make of pickup, van, medium- and heavy-duty truck in Calgary, by licensed technicians.",
    header: "engine",
    lead: "We are GM and Isuzu specialists, but our licensed heavy-duty and automotive technicians repair every make of commercial vehicle in your fleet, so you deal with one shop.",
    forms: 1,
    blocks: [
      {
        heading: "Every system, every class",
        list: [
          "Cooling systems, radiators, water pumps and thermostats.",
          "Fuel systems, injectors and pumps.",
          "Steering gears, power steering and front-end parts.",
          "Exhaust systems and mounts.",
          "Hydraulics and PTO-driven equipment on upfit trucks.",
        ],
      },
      {
        heading: "Estimates before work",
        paragraphs: [
          "You approve a written estimate before we start, and we call before doing anything beyond it. Warranty repairs on GM and Isuzu trucks are handled here, with no trip to another dealer.",
        ],
      },
    ],
  },
  "motor-home-inspection-and-repair": {
    metaTitle: "Motor Home Inspection and Repair, Calgary",
    metaDescription:
      "Chassis inspections and mechanical repairs for class A and class C motor homes in Calgary, before and after the season.",
    header: "motorhome",
    lead: "A motor home is a heavy truck underneath. Our bays take class A and class C units, and we service the chassis, brakes and drivetrain that RV-only shops often cannot.",
    forms: 1,
    blocks: [
      {
        heading: "Before the season",
        list: [
          "Brakes, steering and suspension inspection for a loaded, long-distance trip.",
          "Tire age and condition: RV tires often age out before they wear out.",
          "Engine and generator service, coolant and belts.",
          "Chassis lubrication and leveling-jack hydraulics.",
        ],
      },
      {
        heading: "Repairs and body work",
        paragraphs: [
          "Mechanical repairs are done here; collision and fibreglass damage goes to our body shop across the lot, with paint booths long enough for the whole coach.",
        ],
      },
    ],
  },
  "oil-air-fuel-filter-changes": {
    metaTitle: "Oil, Air and Fuel Filter Changes for Trucks, Calgary",
    metaDescription:
      "Oil changes with the right diesel or gas oil, air and fuel filters for fleet trucks in Calgary; change oil at least every 12 months.",
    header: "maintenance",
    lead: "Clean oil and filters are the cheapest insurance an engine can have. We change them with the oil grade and filters each engine's maker specifies.",
    forms: 1,
    blocks: [
      {
        heading: "How often",
        paragraphs: [
          "Follow the oil-life monitor or the interval in your maintenance schedule, and change the oil at least every 12 months even if the truck has not reached its kilometres: oil ages, collects moisture and loses its additives while it sits. Trucks that idle a lot, tow, or run short trips in winter need the severe-service interval.",
        ],
      },
      {
        heading: "Every visit includes",
        list: [
          "Engine oil and filter (diesel-rated oils for diesels).",
          "Air filter check, and replacement when restricted.",
          "Fuel filters and water separators on diesels, drained and changed on schedule.",
          "A quick check of fluids, lights, tires and wipers, with anything worth attention reported.",
        ],
      },
    ],
  },
  "out-of-province-inspection": {
    metaTitle: "Out-of-Province Vehicle Inspection, Calgary",
    metaDescription:
      "Out-of-province inspections to register a vehicle in Alberta, in Calgary: repairs within 10 days, registry agent within 14 days.",
    header: "inspection",
    lead: "Bringing a truck, van or car to Alberta from another province or the United States? Before it can be registered here it needs an out-of-province inspection at a licensed facility. We do them for fleets and individuals alike.",
    forms: 1,
    blocks: [
      {
        heading: "How it works",
        list: [
          "We inspect the vehicle against Alberta's out-of-province standard: brakes, steering, suspension, lamps, glazing, tires, body and more.",
          "If it passes, you receive the signed inspection certificate.",
          "If it fails, the listed defects must be repaired within 10 days of the inspection, so the vehicle can be re-inspected without starting over.",
          "Take the certificate to an Alberta registry agent within 14 days of the inspection to register the vehicle.",
        ],
      },
      {
        heading: "Bring with you",
        paragraphs: [
          "The vehicle's previous registration or title, and for a vehicle imported from the United States, the federal import paperwork. Commercial units over 4,500 kg may also need a CVIP inspection; we can do both in one visit.",
        ],
      },
    ],
  },
  "passenger-bus-inspection-and-repair": {
    metaTitle: "Passenger Bus Inspection and Repair, Calgary",
    metaDescription: "Semi-annual CVIP inspections and repairs for shuttle, coach and transit buses in Calgary.",
    header: "bus",
    lead: "Shuttle operators, seniors' residences, hotels and charter companies rely on us to keep their buses inspected and on the road.",
    forms: 1,
    blocks: [
      {
        heading: "Inspections every six months",
        paragraphs: [
          "Any bus designed to carry more than 10 people, including the driver, needs a CVIP inspection every six months. We keep your due dates and book around your charters.",
        ],
      },
      {
        heading: "Repairs for people-movers",
        list: [
          "Passenger doors, interlocks and emergency exits.",
          "Wheelchair lifts, ramps and securement systems.",
          "Rear heat and A/C units.",
          "Brakes, suspension and steering on cutaway and transit chassis.",
        ],
      },
    ],
  },
  "suspension-diagnosis-and-repair": {
    metaTitle: "Truck Suspension Diagnosis and Repair, Calgary",
    metaDescription:
      "Leaf springs, air suspensions, shocks and steering components for trucks, trailers and buses in Calgary.",
    header: "inspection",
    lead: "A sagging spring, a leaking air bag or worn bushings affect handling, braking and tire life. We repair spring and air suspensions on every class of vehicle.",
    forms: 1,
    blocks: [
      {
        heading: "What we repair",
        list: [
          "Leaf springs, hangers, shackles, U-bolts and bushings.",
          "Air springs, leveling valves and height-control linkages.",
          "Shock absorbers, torque rods and stabilizer links.",
          "Ball joints, tie rods and kingpins.",
        ],
      },
      {
        heading: "Upgrades for heavier work",
        paragraphs: [
          "Adding a heavier body, a crane or a plow? We advise on helper springs, air assist and GVWR limits, so the truck is legal and safe for its new job.",
        ],
      },
    ],
  },
  "aftermarket-equipment-installation": {
    metaTitle: "Truck Upfit and Aftermarket Equipment Installation, Calgary",
    metaDescription:
      "Installation of lights, racks, hitches, liftgates, plows, telematics and more on fleet trucks and vans in Calgary.",
    header: "electrical",
    lead: "Make each truck fit its job. We install the equipment fleets ask for most, wired and mounted properly so it does not cause electrical or warranty problems later.",
    forms: 1,
    blocks: [
      {
        heading: "What we install",
        list: [
          "Beacons, strobes, work lights and arrow boards.",
          "Hitches, brake controllers and trailer wiring.",
          "Ladder racks, shelving and partitions for vans.",
          "Liftgates, tool boxes and running boards.",
          "Plows and salt spreaders, with their controls and lighting.",
          "Telematics, dash cameras and two-way radios.",
        ],
      },
      {
        heading: "New trucks, ready to work",
        paragraphs: [
          "Buying from us? We fit the equipment before delivery, so the truck arrives ready for its first shift.",
        ],
      },
    ],
  },
};

const BODY_SHOP_TEXT: Record<string, PageText> = {
  "heavy-truck-collision-repair-refurbishment-retrofit": {
    metaTitle: "Heavy Truck Collision Repair and Refurbishment, Calgary",
    metaDescription:
      "Collision repair, refurbishment and retrofits for heavy trucks, tractors and vocational units in Calgary.",
    header: "collision",
    lead: "Our collision centre is built for big trucks: heavy-duty frame equipment, long bays and two 65 ft paint booths take a highway tractor, a dump truck or a vocational unit in one piece.",
    forms: 1,
    blocks: [
      {
        heading: "Collision repair",
        paragraphs: [
          "Cabs, hoods, bumpers, fenders, sleepers and bodies repaired or replaced, with OEM or quality aftermarket parts as you and your insurer choose.",
        ],
      },
      {
        heading: "Refurbishment and retrofit",
        paragraphs: [
          "Give a sound chassis a second life: rust repair, new paint and graphics, body swaps, and retrofits such as new lighting, bumpers or cab accessories, so an older truck looks and works like part of the current fleet.",
        ],
      },
    ],
  },
  "paint-graphics-refinishing": {
    metaTitle: "Truck Paint, Graphics and Refinishing, Calgary",
    metaDescription: "Fleet paint, colour matching, decals and graphics in two 65 ft paint booths in Calgary.",
    header: "paint",
    lead: "Your trucks are rolling advertising. Our two 65 ft downdraft paint booths refinish anything from a pickup box to a full-length bus or trailer, in your fleet colours.",
    forms: 1,
    blocks: [
      {
        heading: "Paint",
        list: [
          "Computerised colour matching to your fleet's paint codes.",
          "Complete refinishes, panels and spot repairs.",
          "Bedliners, undercoating and protective coatings.",
        ],
      },
      {
        heading: "Graphics",
        paragraphs: [
          "Logos, lettering, NSC and USDOT numbers, reflective conspicuity tape and full wraps, applied after paint so the truck leaves finished.",
        ],
      },
    ],
  },
  "motor-home-and-recreational-vehicle-collision-repair": {
    metaTitle: "Motor Home and RV Collision Repair, Calgary",
    metaDescription:
      "Collision, fibreglass and paint repairs for motor homes, fifth wheels and travel trailers in Calgary.",
    header: "motorhome",
    lead: "Motor homes and trailers need a shop with the height, length and fibreglass skills to fix them properly. Ours has all three, and two 65 ft paint booths to finish the job.",
    forms: 1,
    blocks: [
      {
        heading: "What we repair",
        list: [
          "Front and rear caps, sidewalls and roofs, in fibreglass and aluminum.",
          "Awnings, slide-out boxes and compartment doors.",
          "Chassis and frame damage under the coach.",
          "Full-body paint and graphics.",
        ],
      },
      {
        heading: "Insurance claims",
        paragraphs: [
          "We prepare the estimate, work with your insurer's adjuster and keep you up to date until the unit is ready for the road.",
        ],
      },
    ],
  },
  "frame-alignment-straightening": {
    metaTitle: "Truck Frame Alignment and Straightening, Calgary",
    metaDescription:
      "Heavy-duty frame measuring, straightening and rail repair for trucks, buses and motor homes in Calgary.",
    header: "collision",
    lead: "A bent frame affects tracking, tire wear and how the truck behaves in an emergency. Our heavy-duty frame equipment measures and straightens frames back to factory dimensions.",
    forms: 1,
    blocks: [
      {
        heading: "What we do",
        list: [
          "Frame measuring against the manufacturer's dimensions.",
          "Straightening of sway, sag, twist and diamond damage.",
          "Rail sectioning, reinforcement and cross-member replacement.",
          "Wheel alignment once the frame is true.",
        ],
      },
      {
        heading: "After a collision",
        paragraphs: [
          "Even a low-speed hit can shift a frame. We measure before we quote, so you and your insurer know whether the frame needs work.",
        ],
      },
    ],
  },
  "collision-and-claim-consulting": {
    metaTitle: "Collision and Insurance Claim Consulting, Calgary",
    metaDescription:
      "Help with commercial vehicle collision claims in Calgary: damage assessment, documentation and repair-or-replace advice.",
    header: "collision",
    lead: "A collision is stressful enough without the paperwork. We help fleet managers and owners understand the damage, the options and the claim, so the truck is back in service as soon as possible.",
    forms: 1,
    blocks: [
      {
        heading: "How we help",
        list: [
          "A thorough damage assessment, including hidden frame and mechanical damage.",
          "Photos and documentation for your insurer and your records.",
          "Advice on repair versus write-off, and on OEM versus aftermarket parts.",
          "Coordination of towing, storage and rental or loaner units.",
        ],
      },
    ],
  },
  estimates: {
    metaTitle: "Collision Repair Estimates, Calgary",
    metaDescription:
      "Free, written collision and paint estimates for trucks, vans, buses and motor homes at our Calgary body shop.",
    header: "collision",
    lead: "Bring the vehicle in and get a written estimate for collision, paint or fibreglass work. Estimates are free, and we explain every line.",
    forms: 1,
    blocks: [
      {
        heading: "What to bring",
        list: [
          "The vehicle, if it is safe to drive; if not, we can arrange a tow.",
          "Your claim number and adjuster's contact, if an insurer is involved.",
          "Any photos taken at the scene.",
        ],
      },
      {
        heading: "How long it takes",
        paragraphs: [
          "Most estimates take under an hour. Large trucks and motor homes may need to stay for a teardown so we can see hidden damage before we commit to a figure.",
        ],
      },
    ],
  },
  "fibreglass-plastic-composite-smc-repair": {
    metaTitle: "Fibreglass, Plastic and SMC Repair, Calgary",
    metaDescription:
      "Fibreglass, plastic and sheet moulding compound (SMC) repairs for truck hoods, caps, bumpers and bodies in Calgary.",
    header: "paint",
    lead: "Truck hoods, cab extenders, RV caps and many bumpers are fibreglass, plastic or sheet moulding compound. Repairing them well takes different materials and techniques than steel; our technicians use both.",
    forms: 1,
    blocks: [
      {
        heading: "Repairs we make",
        list: [
          "Cracked and broken tilt hoods and fenders.",
          "Cab extenders, fairings and side skirts.",
          "RV front and rear caps.",
          "Plastic bumpers, grilles and mirror housings.",
        ],
      },
      {
        heading: "Repair or replace",
        paragraphs: [
          "A large composite part can cost thousands to replace and weeks to arrive. When a repair is safe and lasting, we repair it and refinish it to match.",
        ],
      },
    ],
  },
  "insurance-direct-repair-management": {
    metaTitle: "Insurance Direct Repair, Calgary Body Shop",
    metaDescription:
      "We work directly with insurers on commercial vehicle claims in Calgary: estimates, approvals, repairs and updates.",
    header: "collision",
    lead: "We work directly with the major insurers of commercial vehicles in Alberta. That means faster approvals, fewer phone calls for you, and a truck back on the road sooner.",
    forms: 1,
    blocks: [
      {
        heading: "How direct repair works",
        list: [
          "You report the claim to your insurer and tell them the truck is with us.",
          "We write the estimate and send it, with photos, to the adjuster.",
          "Once approved, we order parts and start repairs; supplements for hidden damage go straight to the insurer.",
          "You get progress updates and a call when the unit is ready.",
        ],
      },
    ],
  },
  "sand-blasting": {
    metaTitle: "Sand Blasting for Truck Frames and Bodies, Calgary",
    metaDescription:
      "Sand and media blasting of truck frames, bodies, wheels and equipment in Calgary, ready for paint.",
    header: "paint",
    lead: "Rust and old coatings have to come off before new paint will last. We blast frames, bodies, dump boxes, wheels and equipment down to clean metal, then prime and paint them in our booths.",
    forms: 1,
    blocks: [
      {
        heading: "What we blast",
        list: [
          "Truck frames and cross-members during refurbishment.",
          "Dump boxes, decks and service bodies.",
          "Wheels, bumpers and fifth-wheel plates.",
          "Trailers and attachments.",
        ],
      },
      {
        heading: "Blast, prime, paint",
        paragraphs: [
          "Blasted steel rusts quickly, so we prime it the same day and finish it in one of our two 65 ft paint booths.",
        ],
      },
    ],
  },
};

function pages(section: SectionPage["section"], items: readonly SiteSectionItem[], text: Record<string, PageText>) {
  return items.map((item): SectionPage => {
    const page = text[item.link];
    if (!page) throw new Error(`No content for ${section} page ${item.link}`);
    return { ...item, section, ...page };
  });
}

export const SERVICE_PAGES: readonly SectionPage[] = pages("service", SERVICE_ITEMS, SERVICE_TEXT);
export const BODY_SHOP_PAGES: readonly SectionPage[] = pages("body-shop", BODY_SHOP_ITEMS, BODY_SHOP_TEXT);

export function findSectionPage(section: SectionPage["section"], link: string): SectionPage | undefined {
  return (section === "service" ? SERVICE_PAGES : BODY_SHOP_PAGES).find((p) => p.link === link);
}
