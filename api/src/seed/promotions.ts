import type { Promotion } from "shared-types";

/** The specials the dealership runs now; images are drawn by the media endpoint. */
export const SEED_PROMOTIONS: readonly Promotion[] = [
  {
    id: "sales-winter-fleet",
    department: "sales",
    rank: 1,
    html: "<h3>Winter Fleet Event</h3><p>Up to <strong>$8,000</strong> off select new Isuzu N-Series cab chassis in stock, plus a free block heater install.</p>",
    image: "",
    url: "",
  },
  {
    id: "sales-hd-pickups",
    department: "sales",
    rank: 2,
    html: "",
    image: "/api/media/banners/hd-pickups",
    url: "/inventory?filters=%7B%22body_style%22%3A%5B%22Pickup%22%5D%7D",
  },
  {
    id: "sales-lease",
    department: "sales",
    rank: 3,
    html: "<h3>Closed-End Lease from 3.9%</h3><p>On approved credit for registered businesses. Ask our fleet team about terms from 24 to 60 months.</p>",
    image: "",
    url: "",
  },
  {
    id: "service-inspection",
    department: "service",
    rank: 1,
    html: "<h3>Commercial Vehicle Inspection: $189</h3><p>Alberta CVIP for trucks and trailers, booked Monday to Friday. Decal and record of inspection the same day.</p>",
    image: "",
    url: "",
  },
  {
    id: "service-oil",
    department: "service",
    rank: 2,
    html: "",
    image: "/api/media/banners/diesel-oil-change",
    url: "",
  },
  {
    id: "service-brakes",
    department: "service",
    rank: 3,
    html: "<h3>Brake Check for Fleets</h3><p>Free brake inspection with any preventative maintenance service booked this month.</p>",
    image: "",
    url: "",
  },
];
