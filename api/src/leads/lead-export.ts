import { stringify } from "csv-stringify/sync";
import {
  allInPriceCents,
  type BusinessDetails,
  type FleetQuoteList,
  LEAD_FIELD_NAMES,
  LEAD_FIELDS,
  LEAD_FORMS,
  type LeadField,
  type LeadFieldFacts,
  type LeadFields,
  type LeadFormId,
  leadFieldRows,
  leadReference,
} from "shared-types";
import { fleetQuoteListSchema, unitChargeSchema } from "shared-types/schemas";
import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces.js";
import { z } from "zod";
import type { Queryable } from "../db/database.js";
import { sourcePage } from "./source-page.js";

const unitChargesSchema = z.array(unitChargeSchema);

/** A stored lead with the inventory unit it is about, when that unit is (still) in the vehicles table. */
export interface ExportedLead {
  id: string;
  form: string;
  destination: string;
  received_at: string;
  marketing_opt_in: boolean;
  consent_text: string;
  consent_version: string;
  /** When the visitor's address later unsubscribed (consent withdrawn), or "" */
  consent_withdrawn_at: string;
  fields: Partial<LeadFields>;
  /** A fleet quote's lines and trade-ins as they were when it was sent; null for every other form. */
  fleet_quote: FleetQuoteList | null;
  vehicle: {
    year: number;
    make: string;
    model: string;
    trim: string;
    vin: string;
    condition: string;
    /** The advertised (all-in, before GST) price in cents, 0 when the unit is "Contact Us For Pricing" */
    price_cents: number;
    /** Kilometres */
    odometer: number;
  } | null;
}

/** Every stored lead, or those received since a moment, oldest first. */
export function loadLeads(db: Queryable, since?: Date): Promise<ExportedLead[]> {
  return selectLeads(db, "($1::timestamptz is null or l.received_at >= $1::timestamptz)", [
    since ? since.toISOString() : null,
  ]);
}

/** One stored lead (a delivery's), or null when it is gone (the retention policy deleted it). */
export async function loadLead(db: Queryable, id: string): Promise<ExportedLead | null> {
  return (await selectLeads(db, "l.id = $1", [id]))[0] ?? null;
}

async function selectLeads(db: Queryable, where: string, params: unknown[]): Promise<ExportedLead[]> {
  const rows = await db.query<Omit<ExportedLead, "vehicle"> & Record<string, unknown>>(
    `select l.id, l.form, l.destination, l.marketing_opt_in, l.consent_text, l.consent_version, l.fields, l.fleet_quote,
            to_char(l.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as received_at,
            (select to_char(max(w.withdrawn_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
               from consent_withdrawals w
              where lower(w.email) = lower(l.fields->>'email') and w.withdrawn_at >= l.received_at) as consent_withdrawn_at,
            v.year as v_year, v.make as v_make, v.model as v_model, v.trim as v_trim, v.vin as v_vin,
            v.condition as v_condition, v.full_price as v_full_price, v.low_price as v_low_price, v.charges as v_charges,
            v.odometer as v_odometer
       from leads l
       left join vehicles v on v.stock_number = l.fields->>'stock_number'
      where ${where}
      order by l.received_at, l.id`,
    params,
  );
  return rows.map((r) => ({
    id: r.id,
    form: r.form,
    destination: r.destination,
    received_at: r.received_at,
    marketing_opt_in: r.marketing_opt_in,
    consent_text: plain(r.consent_text),
    consent_version: plain(r.consent_version),
    consent_withdrawn_at: plain(r.consent_withdrawn_at),
    fields: storedFields(r.fields),
    fleet_quote: storedFleetQuote(r.fleet_quote),
    vehicle:
      r.v_make == null
        ? null
        : {
            year: Number(r.v_year),
            make: String(r.v_make),
            model: String(r.v_model),
            trim: String(r.v_trim ?? ""),
            vin: String(r.v_vin ?? ""),
            condition: String(r.v_condition),
            price_cents: allInPriceCents({
              full_price: Number(r.v_full_price ?? 0),
              low_price: Number(r.v_low_price ?? 0),
              charges: unitChargesSchema.safeParse(r.v_charges).data ?? [],
            }),
            odometer: Number(r.v_odometer ?? 0),
          },
  }));
}

/** A stored value as text, whatever shape an older version (or a hand edit) left it in. */
function plain(value: unknown): string {
  if (value == null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The lead's fields as text: the export never trusts that what was stored still matches today's schema. */
function storedFields(raw: unknown): Partial<LeadFields> {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      value = {};
    }
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, plain(field)])) as Partial<LeadFields>;
}

/** A fleet quote as stored, or null when there is none or it no longer reads as one. */
function storedFleetQuote(raw: unknown): FleetQuoteList | null {
  if (raw == null) return null;
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const parsed = fleetQuoteListSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or return before one) as a formula: such a cell
 * gets a leading apostrophe, which spreadsheets show as text (OWASP's advice against CSV injection).
 */
export const csvCell = (value: unknown) => {
  const text = plain(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

const formTitle = (form: string) => LEAD_FORMS[form as LeadFormId]?.title ?? form;

function addContact(
  parent: XMLBuilder,
  names: { part?: string; type?: string; text: string }[],
  email: string,
  phone: string,
) {
  const contact = parent.ele("contact");
  const present = names.filter((n) => n.text);
  for (const name of present.length > 0 ? present : [{ part: "full", text: "" }]) {
    contact.ele("name", { part: name.part ?? "full", ...(name.type ? { type: name.type } : {}) }).txt(name.text);
  }
  // ADF wants an email (and any phones) or at least one phone; an anonymous more-info request has neither
  if (email) contact.ele("email").txt(email);
  if (phone || !email) contact.ele("phone", { type: "voice" }).txt(phone);
  return contact;
}

/** The unit a lead is about (its inventory facts when it is still in stock, else what the form carried). */
function addVehicle(prospect: XMLBuilder, lead: ExportedLead) {
  const f = lead.fields;
  const v = lead.vehicle;
  const vehicle = prospect.ele("vehicle", { interest: "buy", status: v?.condition === "used" ? "used" : "new" });
  vehicle.ele("year").txt(v ? String(v.year) : "");
  vehicle.ele("make").txt(v?.make ?? (f.make || f.v_make || ""));
  vehicle.ele("model").txt(v?.model ?? (f.model || f.v_model || ""));
  const vin = v?.vin || f.vin;
  if (vin) vehicle.ele("vin").txt(vin);
  if (f.stock_number) vehicle.ele("stock").txt(f.stock_number);
  if (v?.trim) vehicle.ele("trim").txt(v.trim);
  if (v) vehicle.ele("odometer", { status: "original", units: "km" }).txt(String(v.odometer));
  // a unit without a price is "Contact Us For Pricing": ADF's call price says exactly that
  if (v) {
    if (v.price_cents > 0) {
      vehicle.ele("price", { type: "asking", currency: "CAD" }).txt((v.price_cents / 100).toFixed(2));
    } else vehicle.ele("price", { type: "call", currency: "CAD" }).txt("");
  }
}

/**
 * A fleet quote (docs/leads.md "Fleet quote in ADF"): one `<vehicle interest="buy">` per line, its quantity the
 * first line of its `<comments>` ("Quantity: 6"), a line-up model with `<id source="line-up model">`; one
 * `<vehicle interest="trade-in" status="used">` per trade-in with its VIN and odometer.
 */
function addFleetQuoteVehicles(prospect: XMLBuilder, quote: FleetQuoteList) {
  quote.lines.forEach((line, index) => {
    const vehicle = prospect.ele("vehicle", { interest: "buy", status: "new" });
    vehicle
      .ele("id", { sequence: String(index + 1), source: line.kind === "unit" ? "stock" : "line-up model" })
      .txt(line.kind === "unit" ? line.stock_number : line.model_id);
    vehicle.ele("year").txt(line.year ? String(line.year) : "");
    vehicle.ele("make").txt(line.make);
    vehicle.ele("model").txt(line.model);
    if (line.vin) vehicle.ele("vin").txt(line.vin);
    if (line.stock_number) vehicle.ele("stock").txt(line.stock_number);
    vehicle
      .ele("comments")
      .txt(
        [
          `Quantity: ${line.quantity}`,
          line.notes ? `Body or upfit: ${line.notes}` : "",
          line.kind === "unit" && !line.available ? "No longer in stock when sent." : "",
        ]
          .filter(Boolean)
          .join("\n"),
      );
  });
  for (const tradeIn of quote.trade_ins) {
    const vehicle = prospect.ele("vehicle", { interest: "trade-in", status: "used" });
    vehicle.ele("year").txt(String(tradeIn.year));
    vehicle.ele("make").txt(tradeIn.make);
    vehicle.ele("model").txt(tradeIn.model);
    vehicle.ele("vin").txt(tradeIn.vin);
    vehicle.ele("odometer", { status: "original", units: "km" }).txt(String(tradeIn.odometer_km));
    if (tradeIn.notes) vehicle.ele("comments").txt(tradeIn.notes);
  }
}

/**
 * ADF 1.0 (../shared/adf/adf-1.0.dtd): one prospect per lead, with the unit asked about, the customer, the
 * dealership as vendor and this website's form as provider.
 */
export function toAdf(
  leads: readonly ExportedLead[],
  business: BusinessDetails,
  siteUrl = `https://${business.domain}`,
): string {
  // a character XML 1.0 cannot carry at all (a C0 control, a lone surrogate) is dropped rather than thrown on: the
  // schemas refuse them today, but one lead stored before must never make the whole document unreadable
  const doc = create({ version: "1.0", encoding: "UTF-8", invalidCharReplacement: "" })
    .ins("adf", 'version="1.0"')
    .ele("adf");
  for (const lead of leads) {
    const f = lead.fields;
    const prospect = doc.ele("prospect", { status: "new" });
    prospect.ele("id", { sequence: "1", source: business.domain }).txt(lead.id);
    prospect.ele("requestdate").txt(lead.received_at);

    if (lead.fleet_quote) addFleetQuoteVehicles(prospect, lead.fleet_quote);
    else addVehicle(prospect, lead);

    const customer = prospect.ele("customer");
    addContact(
      customer,
      [
        { part: "first", text: f.first_name ?? "" },
        { part: "last", text: f.last_name ?? "" },
        { part: "full", type: "business", text: f.company ?? "" },
      ],
      f.email ?? "",
      f.day_phone ?? "",
    );
    // the ids a CRM maps (a GM FAN, a PO number), then when it is needed by
    for (const name of LEAD_FIELD_NAMES) {
      const facts: LeadFieldFacts = LEAD_FIELDS[name];
      if (facts.adf === "customer-id" && f[name]) customer.ele("id", { source: facts.adfSource ?? name }).txt(f[name]);
    }
    if (f.required_by) {
      const timeframe = customer.ele("timeframe");
      timeframe.ele("description").txt(`Required by ${f.required_by}`);
      timeframe.ele("latestdate").txt(f.required_by);
    }
    // every field without a place of its own in ADF, as shared-types LEAD_FIELDS introduces it: what the visitor
    // wrote first, then the labelled facts
    const said = leadFieldRows(f)
      .filter((row) => row.facts.adf === "comments")
      .sort((a, b) => Number(a.facts.commentLabel !== "") - Number(b.facts.commentLabel !== ""))
      .map((row) => {
        const label = row.facts.commentLabel ?? row.label;
        return label ? `${label}: ${row.value}` : row.value;
      });
    const comments = [
      ...(lead.fleet_quote
        ? [
            `Fleet quote ${leadReference(lead.id)}: ${lead.fleet_quote.unit_count} units on ${lead.fleet_quote.lines.length} lines (each vehicle's quantity is in its comments), ${lead.fleet_quote.trade_ins.length} trade-ins.`,
          ]
        : []),
      ...said,
      lead.marketing_opt_in
        ? `Marketing email consent (CASL) given ${lead.received_at} to wording ${lead.consent_version || "(unversioned)"}: "${lead.consent_text}"`
        : "No consent to marketing email.",
      lead.consent_withdrawn_at
        ? `Marketing email consent withdrawn ${lead.consent_withdrawn_at}: do not send marketing email.`
        : "",
    ].filter(Boolean);
    customer.ele("comments").txt(comments.join("\n"));

    const vendor = prospect.ele("vendor");
    vendor.ele("vendorname").txt(business.name);
    vendor.ele("url").txt(siteUrl);
    const vendorContact = addContact(
      vendor,
      [{ part: "full", type: "business", text: business.name }],
      business.primary_email,
      business.phone_sales,
    );
    const address = vendorContact.ele("address", { type: "work" });
    address.ele("street", { line: "1" }).txt(business.address.line1);
    address.ele("city").txt(business.address.city);
    address.ele("regioncode").txt(business.address.province);
    address.ele("postalcode").txt(business.address.postal_code);
    address.ele("country").txt(business.address.country);

    const provider = prospect.ele("provider");
    provider.ele("name", { part: "full", type: "business" }).txt(`${business.name} website`);
    provider.ele("service").txt(`${formTitle(lead.form)} form (${lead.destination})`);
    provider.ele("url").txt(sourcePage(f["-url"], siteUrl) || siteUrl);
  }
  return doc.end({ prettyPrint: true });
}

/**
 * The export's columns: the ones CRMs have mapped since the first export, in their order, then every further field
 * shared-types LEAD_FIELDS declares (a field added there is a column here with no change).
 */
const FIRST_COLUMNS = [
  "id",
  "received_at",
  "form",
  "destination",
  "first_name",
  "last_name",
  "company",
  "email",
  "day_phone",
  "message",
  "stock_number",
  "vin",
  "year",
  "make",
  "model",
  "condition",
  "v_make",
  "v_model",
  "parts_required",
  "customer_action",
  "marketing_opt_in",
  "consent_version",
  "source_url",
] as const;
/** The page a lead was sent from is `-url` in the lead, `source_url` in the export. */
const columnOf = (field: LeadField) => (field === "-url" ? "source_url" : field);
export const CSV_COLUMNS: readonly string[] = [
  ...FIRST_COLUMNS,
  ...LEAD_FIELD_NAMES.map(columnOf).filter((column) => !(FIRST_COLUMNS as readonly string[]).includes(column)),
];

/** The same leads as a spreadsheet: one row each, RFC 4180 quoting, a header row. */
export function toCsv(leads: readonly ExportedLead[]): string {
  const rows = leads.map((lead) => {
    const f = lead.fields;
    const row: Record<string, string> = {
      ...Object.fromEntries(LEAD_FIELD_NAMES.map((field) => [columnOf(field), f[field] ?? ""])),
      id: lead.id,
      received_at: lead.received_at,
      form: lead.form,
      destination: lead.destination,
      // the unit as the inventory knows it, when it is still there
      vin: lead.vehicle?.vin || f.vin || "",
      year: lead.vehicle ? String(lead.vehicle.year) : "",
      make: lead.vehicle?.make ?? f.make ?? "",
      model: lead.vehicle?.model ?? f.model ?? "",
      condition: lead.vehicle?.condition ?? "",
      marketing_opt_in: lead.marketing_opt_in && !lead.consent_withdrawn_at ? "yes" : "no",
      consent_version: lead.consent_version,
    };
    return CSV_COLUMNS.map((c) => csvCell(row[c] ?? ""));
  });
  return stringify([[...CSV_COLUMNS], ...rows]);
}
