import { stringify } from "csv-stringify/sync";
import {
  allInPriceCents,
  type BusinessDetails,
  type FleetQuoteLine,
  type FleetQuoteList,
  type FleetQuoteTradeIn,
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
import type { BookingSnapshot } from "../service-booking/booking-store.js";
import { sourcePage } from "./source-page.js";

const unitChargesSchema = z.array(unitChargeSchema);

/** A unit as the vehicles table knows it when the lead is exported. */
export interface InventoryUnit {
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
}

/**
 * A fleet quote's line as it was sent, and for a unit's line the unit as the inventory knows it at export time
 * (shared-types' list carries no condition, trim, price or odometer): null once the unit has left the vehicles
 * table, absent on a line-up model's line.
 */
export type ExportedFleetQuoteLine = FleetQuoteLine & { unit?: InventoryUnit | null };
export type ExportedFleetQuote = Omit<FleetQuoteList, "lines"> & { lines: ExportedFleetQuoteLine[] };

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
  fleet_quote: ExportedFleetQuote | null;
  /** A service booking's appointment as it stands now (moved, cancelled); null for every other lead. */
  service_booking?: BookingSnapshot | null;
  vehicle: InventoryUnit | null;
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

/** The columns `unitOf` reads, of the vehicles table as `v`. */
const UNIT_COLUMNS = `v.year as v_year, v.make as v_make, v.model as v_model, v.trim as v_trim, v.vin as v_vin,
  v.condition as v_condition, v.full_price as v_full_price, v.low_price as v_low_price, v.charges as v_charges,
  v.odometer as v_odometer`;

function unitOf(r: Record<string, unknown>): InventoryUnit {
  return {
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
  };
}

async function selectLeads(db: Queryable, where: string, params: unknown[]): Promise<ExportedLead[]> {
  const rows = await db.query<Omit<ExportedLead, "vehicle"> & Record<string, unknown>>(
    `select l.id, l.form, l.destination, l.marketing_opt_in, l.consent_text, l.consent_version, l.fields, l.fleet_quote, l.service_booking,
            to_char(l.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as received_at,
            (select to_char(max(w.withdrawn_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
               from consent_withdrawals w
              where lower(w.email) = lower(l.fields->>'email') and w.withdrawn_at >= l.received_at) as consent_withdrawn_at,
            ${UNIT_COLUMNS}
       from leads l
       left join vehicles v on v.stock_number = l.fields->>'stock_number'
      where ${where}
      order by l.received_at, l.id`,
    params,
  );
  const quotes = rows.map((r) => storedFleetQuote(r.fleet_quote));
  const units = await unitsOfLines(db, quotes);
  return rows.map((r, index) => ({
    id: r.id,
    form: r.form,
    destination: r.destination,
    received_at: r.received_at,
    marketing_opt_in: r.marketing_opt_in,
    consent_text: plain(r.consent_text),
    consent_version: plain(r.consent_version),
    consent_withdrawn_at: plain(r.consent_withdrawn_at),
    fields: storedFields(r.fields),
    fleet_quote: withUnits(quotes[index] ?? null, units),
    service_booking: (r.service_booking as BookingSnapshot | null) ?? null,
    vehicle: r.v_make == null ? null : unitOf(r),
  }));
}

/** The units fleet quotes' lines name, by stock number, as the vehicles table knows them now: one query for all. */
async function unitsOfLines(
  db: Queryable,
  quotes: readonly (FleetQuoteList | null)[],
): Promise<Map<string, InventoryUnit>> {
  const stockNumbers = new Set(
    quotes.flatMap(
      (quote) => quote?.lines.filter((line) => line.kind === "unit").map((line) => line.stock_number) ?? [],
    ),
  );
  if (stockNumbers.size === 0) return new Map();
  const rows = await db.query<Record<string, unknown>>(
    `select v.stock_number, ${UNIT_COLUMNS} from vehicles v
      where v.stock_number in (select jsonb_array_elements_text($1::jsonb))`,
    [JSON.stringify([...stockNumbers])],
  );
  return new Map(rows.map((r) => [String(r.stock_number), unitOf(r)]));
}

const withUnits = (
  quote: FleetQuoteList | null,
  units: ReadonlyMap<string, InventoryUnit>,
): ExportedFleetQuote | null =>
  quote && {
    ...quote,
    lines: quote.lines.map((line) =>
      line.kind === "unit" ? { ...line, unit: units.get(line.stock_number) ?? null } : line,
    ),
  };

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
 * A spreadsheet runs a cell that starts with = + - @ as a formula, and it may cut a cell in pieces first: a locale
 * whose list separator is `;` makes `Pat;=2+5` two cells, an import may cut at commas or tabs, a paste at line breaks,
 * and whitespace or a quote before a trigger may be trimmed away. So every trigger that could start a piece gets an
 * apostrophe (OWASP's advice against CSV injection: spreadsheets show it as text) right before it, not before the
 * whitespace: a tab or a line break there is itself a place to cut.
 */
const FORMULA_TRIGGER = /(?<=(?:^|[;,\t\r\n])[\s"]*)[=+\-@]/g;
export const csvCell = (value: unknown) => plain(value).replace(FORMULA_TRIGGER, "'$&");

const formTitle = (form: string) => LEAD_FORMS[form as LeadFormId]?.title ?? form;

/**
 * Text as xmlbuilder2 must be given it. Its writer (4.x) escapes an `&` only when what follows does not look like a
 * reference (BaseWriter's nonEntityAmpersandRegex), so typed `&bogus;` would go out raw and the document would not be
 * well-formed (a CRM refuses the whole lead), `&#1;` would be a reference to a character XML forbids, and `&amp;`
 * would reach the CRM as `&`. Every `&` made `&amp;` here is one the writer then leaves alone: the CRM reads exactly
 * what was typed. A return goes as a reference because a parser reads a raw one as a line feed. The writer still
 * escapes < > and " and drops what XML cannot carry at all. One escape in front of the writer the API already uses,
 * rather than a second XML library; `leaf` and `branch` are the only ways this file makes an element.
 */
const xmlText = (text: string) => text.replace(/&/g, "&amp;").replace(/\r/g, "&#13;");
/** An attribute's value likewise; a parser reads a raw tab or line break in one as a space. */
const xmlAttributeValue = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/[\t\n\r]/g, (whitespace) => `&#${whitespace.charCodeAt(0)};`);

type Attributes = Record<string, string>;

/** An element that holds other elements. */
const branch = (parent: XMLBuilder, name: string, attributes: Attributes = {}) =>
  parent.ele(
    name,
    Object.fromEntries(Object.entries(attributes).map(([key, value]) => [key, xmlAttributeValue(value)])),
  );

/** An element that holds text. */
function leaf(parent: XMLBuilder, name: string, text: string, attributes: Attributes = {}) {
  branch(parent, name, attributes).txt(xmlText(text));
}

function addContact(
  parent: XMLBuilder,
  names: { part?: string; type?: string; text: string }[],
  email: string,
  phone: string,
) {
  const contact = branch(parent, "contact");
  const present = names.filter((n) => n.text);
  for (const name of present.length > 0 ? present : [{ part: "full", text: "" }]) {
    leaf(contact, "name", name.text, { part: name.part ?? "full", ...(name.type ? { type: name.type } : {}) });
  }
  // ADF wants an email (and any phones) or at least one phone; an anonymous more-info request has neither
  if (email) leaf(contact, "email", email);
  if (phone || !email) leaf(contact, "phone", phone, { type: "voice" });
  return contact;
}

/** What the inventory knows of a unit besides its name, where ADF puts it (after `<stock>`, before `<comments>`). */
function addUnitFacts(vehicle: XMLBuilder, unit: InventoryUnit) {
  if (unit.trim) leaf(vehicle, "trim", unit.trim);
  leaf(vehicle, "odometer", String(unit.odometer), { status: "original", units: "km" });
  // a unit without a price is "Contact Us For Pricing": ADF's call price says exactly that
  if (unit.price_cents > 0) {
    leaf(vehicle, "price", (unit.price_cents / 100).toFixed(2), { type: "asking", currency: "CAD" });
  } else leaf(vehicle, "price", "", { type: "call", currency: "CAD" });
}

/** The unit a lead is about (its inventory facts when it is still in stock, else what the form carried). */
function addVehicle(prospect: XMLBuilder, lead: ExportedLead) {
  const f = lead.fields;
  const v = lead.vehicle;
  // new or used as the unit is; a unit the inventory no longer has (or none named) claims neither
  const vehicle = branch(prospect, "vehicle", {
    interest: "buy",
    ...(v ? { status: v.condition === "used" ? "used" : "new" } : {}),
  });
  leaf(vehicle, "year", v ? String(v.year) : "");
  leaf(vehicle, "make", v?.make ?? (f.make || f.v_make || ""));
  leaf(vehicle, "model", v?.model ?? (f.model || f.v_model || ""));
  const vin = v?.vin || f.vin;
  if (vin) leaf(vehicle, "vin", vin);
  if (f.stock_number) leaf(vehicle, "stock", f.stock_number);
  if (v) addUnitFacts(vehicle, v);
}

/**
 * A line's condition as ADF says it. A line-up model is ordered from the factory: new. A unit that has left the
 * vehicles table is of a condition nobody here knows any more, and ADF's status has no "unknown": the attribute is
 * left out rather than claim either, as its other unknown facts are, and the line's comments say so (a reader that
 * applies the DTD's default still reads "new"; no value ADF allows would be truer).
 */
function lineStatus(line: ExportedFleetQuoteLine): Attributes {
  if (line.kind === "model") return { status: "new" };
  return line.unit ? { status: line.unit.condition === "used" ? "used" : "new" } : {};
}

const lineComments = (line: ExportedFleetQuoteLine) =>
  [
    `Quantity: ${line.quantity}`,
    line.notes ? `Body or upfit: ${line.notes}` : "",
    line.kind === "model" ? "Line-up model, to order: model year to be agreed." : "",
    line.kind === "unit" && !line.available ? "No longer in stock when sent." : "",
    line.kind === "unit" && !line.unit
      ? "No longer in the inventory: its condition, trim and price are not known."
      : "",
  ]
    .filter(Boolean)
    .join("\n");

function addFleetQuoteLine(prospect: XMLBuilder, line: ExportedFleetQuoteLine, sequence: number) {
  const unit = line.kind === "unit" ? line.unit : null;
  const vehicle = branch(prospect, "vehicle", { interest: "buy", ...lineStatus(line) });
  leaf(vehicle, "id", line.kind === "unit" ? line.stock_number : line.model_id, {
    sequence: String(sequence),
    source: line.kind === "unit" ? "stock" : "line-up model",
  });
  // ADF requires a year in every vehicle, and its DTD lets it be empty (#PCDATA): a line-up model's year is not
  // chosen until it is ordered, so its year is there and empty rather than a guess a CRM would quote
  leaf(vehicle, "year", String(unit?.year ?? line.year ?? ""));
  leaf(vehicle, "make", unit?.make ?? line.make);
  // the unit's model and trim apart, where ADF has a place for each (the line's model has its trim appended)
  leaf(vehicle, "model", unit?.model ?? line.model);
  const vin = unit?.vin || line.vin;
  if (vin) leaf(vehicle, "vin", vin);
  if (line.stock_number) leaf(vehicle, "stock", line.stock_number);
  if (unit) addUnitFacts(vehicle, unit);
  leaf(vehicle, "comments", lineComments(line));
}

function addTradeIn(prospect: XMLBuilder, tradeIn: FleetQuoteTradeIn) {
  const vehicle = branch(prospect, "vehicle", { interest: "trade-in", status: "used" });
  leaf(vehicle, "year", String(tradeIn.year));
  leaf(vehicle, "make", tradeIn.make);
  leaf(vehicle, "model", tradeIn.model);
  leaf(vehicle, "vin", tradeIn.vin);
  leaf(vehicle, "odometer", String(tradeIn.odometer_km), { status: "original", units: "km" });
  if (tradeIn.notes) leaf(vehicle, "comments", tradeIn.notes);
}

/**
 * A fleet quote (docs/forms-and-leads.md "Fleet quote in ADF"): one `<vehicle interest="buy">` per line, its
 * quantity the first line of its `<comments>` ("Quantity: 6"), a line-up model with `<id source="line-up model">`;
 * one `<vehicle interest="trade-in" status="used">` per trade-in with its VIN and odometer.
 */
function addFleetQuoteVehicles(prospect: XMLBuilder, quote: ExportedFleetQuote) {
  for (const [index, line] of quote.lines.entries()) addFleetQuoteLine(prospect, line, index + 1);
  for (const tradeIn of quote.trade_ins) addTradeIn(prospect, tradeIn);
}

/**
 * A service booking (docs/forms-and-leads.md "Service bookings in ADF"): ADF 1.0 has no interest for a service, so
 * each vehicle of the visit is a `<vehicle>` whose comments begin "Service appointment:" with its work and time;
 * its odometer as the visitor gave it.
 */
function addBookedVehicles(prospect: XMLBuilder, booking: BookingSnapshot) {
  for (const unit of booking.units) {
    const vehicle = branch(prospect, "vehicle");
    leaf(vehicle, "year", String(unit.year));
    leaf(vehicle, "make", unit.make);
    leaf(vehicle, "model", unit.model);
    if (unit.vin) leaf(vehicle, "vin", unit.vin);
    if (unit.odometer_km !== null)
      leaf(vehicle, "odometer", String(unit.odometer_km), { status: "original", units: "km" });
    const unitNumber = unit.unit_number ? `, unit ${unit.unit_number}` : "";
    leaf(vehicle, "comments", `Service appointment: ${unit.kind_name}, ${booking.starts_at}${unitNumber}.`);
  }
}

/** The booking's first line in the customer's comments: when, how many vehicles, and whether they wait. */
const bookingSummary = (lead: ExportedLead, booking: BookingSnapshot) =>
  `Service booking ${leadReference(lead.id)}: ${booking.units.length} ${booking.units.length === 1 ? "vehicle" : "vehicles"} on ${booking.starts_at} (until ${booking.ends_at}), ${booking.stay === "wait" ? "the customer waits" : "dropped off"}; status ${booking.status}.${booking.plan ? ` Recurring plan: ${booking.plan}.` : ""}`;

/**
 * Every field without a place of its own in ADF, as shared-types LEAD_FIELDS introduces it (what the visitor wrote
 * first, then the labelled facts), with the fleet quote's summary before them and the consent after.
 */
function customerComments(lead: ExportedLead): string {
  const quote = lead.fleet_quote;
  const said = leadFieldRows(lead.fields)
    .filter((row) => row.facts.adf === "comments")
    .sort((a, b) => Number(a.facts.commentLabel !== "") - Number(b.facts.commentLabel !== ""))
    .map((row) => {
      const label = row.facts.commentLabel ?? row.label;
      return label ? `${label}: ${row.value}` : row.value;
    });
  return [
    lead.service_booking ? bookingSummary(lead, lead.service_booking) : "",
    quote
      ? `Fleet quote ${leadReference(lead.id)}: ${quote.unit_count} units on ${quote.lines.length} lines (each vehicle's quantity is in its comments), ${quote.trade_ins.length} trade-ins.`
      : "",
    ...said,
    lead.marketing_opt_in
      ? `Marketing email consent (CASL) given ${lead.received_at} to wording ${lead.consent_version || "(unversioned)"}: "${lead.consent_text}"`
      : "No consent to marketing email.",
    lead.consent_withdrawn_at
      ? `Marketing email consent withdrawn ${lead.consent_withdrawn_at}: do not send marketing email.`
      : "",
  ]
    .filter(Boolean)
    .join("\n");
}

function addCustomer(prospect: XMLBuilder, lead: ExportedLead) {
  const f = lead.fields;
  const customer = branch(prospect, "customer");
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
    const id = f[name];
    if (facts.adf === "customer-id" && id) leaf(customer, "id", id, { source: facts.adfSource ?? name });
  }
  if (f.required_by) {
    const timeframe = branch(customer, "timeframe");
    leaf(timeframe, "description", `Required by ${f.required_by}`);
    leaf(timeframe, "latestdate", f.required_by);
  }
  leaf(customer, "comments", customerComments(lead));
}

function addVendor(prospect: XMLBuilder, business: BusinessDetails, siteUrl: string) {
  const vendor = branch(prospect, "vendor");
  leaf(vendor, "vendorname", business.name);
  leaf(vendor, "url", siteUrl);
  const contact = addContact(
    vendor,
    [{ part: "full", type: "business", text: business.name }],
    business.primary_email,
    business.phone_sales,
  );
  const address = branch(contact, "address", { type: "work" });
  leaf(address, "street", business.address.line1, { line: "1" });
  leaf(address, "city", business.address.city);
  leaf(address, "regioncode", business.address.province);
  leaf(address, "postalcode", business.address.postal_code);
  leaf(address, "country", business.address.country);
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
    const prospect = branch(doc, "prospect", { status: "new" });
    leaf(prospect, "id", lead.id, { sequence: "1", source: business.domain });
    leaf(prospect, "requestdate", lead.received_at);
    if (lead.fleet_quote) addFleetQuoteVehicles(prospect, lead.fleet_quote);
    else if (lead.service_booking) addBookedVehicles(prospect, lead.service_booking);
    else addVehicle(prospect, lead);
    addCustomer(prospect, lead);
    addVendor(prospect, business, siteUrl);
    const provider = branch(prospect, "provider");
    leaf(provider, "name", `${business.name} website`, { part: "full", type: "business" });
    leaf(provider, "service", `${formTitle(lead.form)} form (${lead.destination})`);
    leaf(provider, "url", sourcePage(lead.fields["-url"], siteUrl) || siteUrl);
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
