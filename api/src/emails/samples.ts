import { MARKETING_CONSENT } from "shared-types";
import type { FeedRun } from "../feeds/feed-runs.js";
import type { InventoryImportReport } from "../feeds/inventory-import.js";
import type { HeldEnquiry } from "../leads/held-enquiries.js";
import type { ExportedLead } from "../leads/lead-export.js";
import type { AlertUnit } from "../saved-searches/saved-search-messages.js";

// Made-up people, units and runs for the desk's preview of each email: nobody's personal data, only example.com
// addresses and the 555-01xx numbers kept for fiction. Every value is fixed, so a preview reads the same each time.

const RECEIVED_AT = "2026-11-24T16:05:00Z";

/** The made-up buyer of every sample lead. */
const SAMPLE_BUYER = {
  first_name: "Sam",
  last_name: "Sample",
  company: "Example Haulage Ltd.",
  email: "sam.sample@example.com",
  day_phone: "403-555-0100",
};

/** A lead about a unit in stock, from a visitor who opted in to offers. */
export const SAMPLE_UNIT_LEAD: ExportedLead = {
  id: "00000000-0000-4000-8000-000000000001",
  form: "vehicle-contact",
  destination: "",
  received_at: RECEIVED_AT,
  marketing_opt_in: true,
  consent_text: MARKETING_CONSENT.text,
  consent_version: MARKETING_CONSENT.version,
  consent_withdrawn_at: "",
  fields: {
    ...SAMPLE_BUYER,
    stock_number: "SAMPLE01",
    message: "Is this one still available?\nWe need it by March.",
    "-url": "/inventory/vehicle/SAMPLE01",
  },
  fleet_quote: null,
  vehicle: {
    year: 2025,
    make: "Isuzu",
    model: "NPR-HD",
    trim: "Gas",
    vin: "JALC4W167S7000001",
    condition: "new",
    price_cents: 8_995_000,
    odometer: 12,
  },
};

/** A fleet quote: a unit, a line-up model and a trade-in. */
export const SAMPLE_FLEET_QUOTE_LEAD: ExportedLead = {
  ...SAMPLE_UNIT_LEAD,
  id: "00000000-0000-4000-8000-000000000002",
  form: "fleet-quote",
  marketing_opt_in: false,
  consent_text: "",
  consent_version: "",
  fields: {
    ...SAMPLE_BUYER,
    message: "Please quote each line separately.",
    "-url": "/fleet-quote",
  },
  vehicle: null,
  fleet_quote: {
    unit_count: 5,
    lines: [
      {
        id: "line-1",
        kind: "unit",
        stock_number: "SAMPLE01",
        model_id: "",
        label: "2025 Isuzu NPR-HD Gas (stock SAMPLE01)",
        year: 2025,
        make: "Isuzu",
        model: "NPR-HD",
        vin: "JALC4W167S7000001",
        quantity: 2,
        notes: "16 ft dry van",
        available: true,
        from_lineup: false,
      },
      {
        id: "line-2",
        kind: "model",
        stock_number: "",
        model_id: "isuzu-nrr-diesel",
        label: "Isuzu NRR Diesel (line-up model, to order)",
        year: null,
        make: "Isuzu",
        model: "NRR Diesel",
        vin: "",
        quantity: 3,
        notes: "",
        available: true,
        from_lineup: true,
      },
    ],
    trade_ins: [
      {
        id: "trade-1",
        year: 2019,
        make: "Chevrolet",
        model: "Express 3500",
        vin: "1GB0GRFG5K1000001",
        odometer_km: 214_000,
        notes: "Shelving inside",
      },
    ],
  },
};

/** Two units a saved search's alert tells about: one new, one cheaper. */
export const SAMPLE_ALERT_UNITS: AlertUnit[] = [
  { stock_number: "SAMPLE01", title: "2025 Isuzu NPR-HD Gas", price_cents: 8_995_000, was_cents: null, photo: null },
  {
    stock_number: "SAMPLE02",
    title: "2024 Chevrolet Silverado 3500HD Work Truck",
    price_cents: 6_450_000,
    was_cents: 6_700_000,
    photo: null,
  },
];

/** A submission the spam guards held back. */
export const SAMPLE_HELD: HeldEnquiry = {
  id: "00000000-0000-4000-8000-000000000003",
  reason: "filled in faster than a person types",
  fields: {
    form: "contact",
    first_name: "Sam",
    last_name: "Sample",
    email: "sam.sample@example.com",
    message: "Do you have a 16 ft box truck in stock?",
  },
  received_at: RECEIVED_AT,
  released_at: null,
};

/** An upload of the stock that left one row out. */
export const SAMPLE_FEED_RUN: FeedRun = {
  id: "sample-run",
  kind: "inventory",
  source: "upload",
  started_at: RECEIVED_AT,
  finished_at: RECEIVED_AT,
  outcome: "imported",
  report: null,
};
export const SAMPLE_FEED_REPORT: InventoryImportReport = {
  added: 40,
  updated: 3,
  unchanged: 150,
  marked_sold: 2,
  rejected: [{ line: 12, stock_number: "SAMPLE03", reason: 'selling price "call us" is not an amount' }],
  photo_problems: [],
};

export const SAMPLE_RECEIVED_AT = RECEIVED_AT;
export const SAMPLE_MEMBER_EMAIL = "manager@example.com";
