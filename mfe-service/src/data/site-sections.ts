// Team service's own pages: their titles and links (SPEC §2). Copy, not a contract: it ships with this remote.

/** One service or body-shop page: its title and its /services/{link} or /body-shop-services/{link} slug. */
export interface SiteSectionItem {
  title: string;
  link: string;
}

/** The 18 service pages, /services/{link} (SPEC §2). */
export const SERVICE_ITEMS: readonly SiteSectionItem[] = [
  { title: "Commercial Vehicle Inspection", link: "commercial-vehicle-inspection" },
  { title: "School Bus Inspection & Repair", link: "school-bus-inspection-and-repair" },
  { title: "Diesel Emissions Diagnosis & Repair", link: "diesel-emissions-diagnosis-and-repair" },
  {
    title: "Engine, Differential & Transmission Repair & Rebuild",
    link: "engine-differential-and-transmission-repair-and-rebuild",
  },
  { title: "Air Conditioning Service & Repair", link: "air-conditioning-service-and-repair" },
  { title: "Alignments", link: "alignments" },
  { title: "Clutch & Driveline Diagnosis & Repair", link: "clutch-and-driveline-diagnosis-and-repair" },
  { title: "Complete Brake Service & Repair", link: "complete-brake-service-and-repair" },
  { title: "Computer & Electronic Diagnostics", link: "computer-and-electronic-diagnostics" },
  { title: "Electrical Diagnosis & Repair", link: "electrical-diagnosis-and-repair" },
  { title: "Full Service Preventative Maintenance", link: "full-service-preventative-maintenance" },
  { title: "All Mechanical Repairs", link: "all-mechanical-repairs" },
  { title: "Motor Home Inspection & Repair", link: "motor-home-inspection-and-repair" },
  { title: "Oil, Air & Fuel Filter Changes", link: "oil-air-fuel-filter-changes" },
  { title: "Out-of-Province Inspection", link: "out-of-province-inspection" },
  { title: "Passenger Bus Inspection & Repair", link: "passenger-bus-inspection-and-repair" },
  { title: "Suspension Diagnosis & Repair", link: "suspension-diagnosis-and-repair" },
  { title: "Aftermarket Equipment Installation", link: "aftermarket-equipment-installation" },
];

/** The 9 body shop pages, /body-shop-services/{link} (SPEC §2). */
export const BODY_SHOP_ITEMS: readonly SiteSectionItem[] = [
  {
    title: "Heavy Truck Collision Repair, Refurbishment & Retrofit",
    link: "heavy-truck-collision-repair-refurbishment-retrofit",
  },
  { title: "Paint, Graphics & Refinishing", link: "paint-graphics-refinishing" },
  {
    title: "Motor Home & Recreational Vehicle Collision Repair",
    link: "motor-home-and-recreational-vehicle-collision-repair",
  },
  { title: "Frame Alignment & Straightening", link: "frame-alignment-straightening" },
  { title: "Collision & Claim Consulting", link: "collision-and-claim-consulting" },
  { title: "Estimates", link: "estimates" },
  { title: "Fibreglass, Plastic & Composite (SMC) Repair", link: "fibreglass-plastic-composite-smc-repair" },
  { title: "Insurance Direct Repair Management", link: "insurance-direct-repair-management" },
  { title: "Sand Blasting", link: "sand-blasting" },
];
