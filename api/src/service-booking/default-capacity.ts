import type { ServiceCapacity } from "shared-types";

const weekday = [{ open: "07:30", close: "16:30" }];

/** Each service page's appointment (SPEC's 18 links) and how long it holds a bay, as the department first sets it. */
const SERVICES: readonly [id: string, name: string, minutes: number][] = [
  ["commercial-vehicle-inspection", "Commercial Vehicle Inspection", 180],
  ["school-bus-inspection-and-repair", "School Bus Inspection & Repair", 240],
  ["diesel-emissions-diagnosis-and-repair", "Diesel Emissions Diagnosis & Repair", 120],
  ["engine-differential-and-transmission-repair-and-rebuild", "Engine, Differential & Transmission Repair", 240],
  ["air-conditioning-service-and-repair", "Air Conditioning Service & Repair", 90],
  ["alignments", "Alignments", 90],
  ["clutch-and-driveline-diagnosis-and-repair", "Clutch & Driveline Diagnosis & Repair", 120],
  ["complete-brake-service-and-repair", "Complete Brake Service & Repair", 120],
  ["computer-and-electronic-diagnostics", "Computer & Electronic Diagnostics", 60],
  ["electrical-diagnosis-and-repair", "Electrical Diagnosis & Repair", 90],
  ["full-service-preventative-maintenance", "Full Service Preventative Maintenance", 120],
  ["all-mechanical-repairs", "All Mechanical Repairs", 120],
  ["motor-home-inspection-and-repair", "Motor Home Inspection & Repair", 180],
  ["oil-air-fuel-filter-changes", "Oil, Air & Fuel Filter Changes", 60],
  ["out-of-province-inspection", "Out-of-Province Inspection", 120],
  ["passenger-bus-inspection-and-repair", "Passenger Bus Inspection & Repair", 240],
  ["suspension-diagnosis-and-repair", "Suspension Diagnosis & Repair", 90],
  ["aftermarket-equipment-installation", "Aftermarket Equipment Installation", 180],
];

const serviceKinds = SERVICES.map(([id]) => id);

/**
 * What the department can book when the API first starts: six service bays taking every service, the body shop's
 * estimate bay, the service department's hours (Saturday mornings by appointment), a day's notice and six weeks
 * ahead. From then on the service manager sets it on the desk.
 */
export const DEFAULT_SERVICE_CAPACITY: ServiceCapacity = {
  bays: [
    ...Array.from({ length: 6 }, (_, index) => ({
      id: `bay-${index + 1}`,
      name: `Bay ${index + 1}`,
      kinds: serviceKinds,
    })),
    { id: "estimate-bay", name: "Body shop estimates", kinds: ["body-shop-estimate"] },
  ],
  kinds: [
    ...SERVICES.map(([id, name, minutes]) => ({ id, name, minutes, shop: "service" as const })),
    { id: "body-shop-estimate", name: "Body Shop Estimate", minutes: 60, shop: "body-shop" },
  ],
  week: {
    Monday: weekday,
    Tuesday: weekday,
    Wednesday: weekday,
    Thursday: weekday,
    Friday: weekday,
    Saturday: [{ open: "08:00", close: "12:00" }],
    Sunday: [],
  },
  leadTimeHours: 24,
  stepMinutes: 30,
  weeksAhead: 6,
};
