import { stringify } from "csv-stringify/sync";
import { BUSINESS_DETAILS, LEAD_FORMS, type LeadFields, type LeadFormId } from "shared-types";
import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces.js";
import type { Queryable } from "../db/database.js";

/** A stored lead with the inventory unit it is about, when that unit is (still) in the vehicles table. */
export interface ExportedLead {
  id: string;
  form: string;
  destination: string;
  received_at: string;
  marketing_opt_in: boolean;
  consent_text: string;
  fields: Partial<LeadFields>;
  vehicle: { year: number; make: string; model: string; trim: string; vin: string; condition: string } | null;
}

export async function loadLeads(db: Queryable, since?: Date): Promise<ExportedLead[]> {
  const rows = await db.query<Omit<ExportedLead, "vehicle"> & Record<string, unknown>>(
    `select l.id, l.form, l.destination, l.marketing_opt_in, l.consent_text, l.fields,
            to_char(l.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as received_at,
            v.year as v_year, v.make as v_make, v.model as v_model, v.trim as v_trim, v.vin as v_vin,
            v.condition as v_condition
       from leads l
       left join vehicles v on v.stock_number = l.fields->>'stock_number'
      where ($1::timestamptz is null or l.received_at >= $1::timestamptz)
      order by l.received_at, l.id`,
    [since ? since.toISOString() : null],
  );
  return rows.map((r) => ({
    id: r.id,
    form: r.form,
    destination: r.destination,
    received_at: r.received_at,
    marketing_opt_in: r.marketing_opt_in,
    consent_text: r.consent_text,
    fields: (typeof r.fields === "string" ? JSON.parse(r.fields) : r.fields) as Partial<LeadFields>,
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
          },
  }));
}

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

/**
 * ADF 1.0 (../shared/adf/adf-1.0.dtd): one prospect per lead, with the unit asked about, the customer, the
 * dealership as vendor and this website's form as provider.
 */
export function toAdf(leads: readonly ExportedLead[], siteUrl = `https://${BUSINESS_DETAILS.domain}`): string {
  const doc = create({ version: "1.0", encoding: "UTF-8" }).ins("adf", 'version="1.0"').ele("adf");
  for (const lead of leads) {
    const f = lead.fields;
    const prospect = doc.ele("prospect", { status: "new" });
    prospect.ele("id", { sequence: "1", source: BUSINESS_DETAILS.domain }).txt(lead.id);
    prospect.ele("requestdate").txt(lead.received_at);

    const v = lead.vehicle;
    const vehicle = prospect.ele("vehicle", { interest: "buy", status: v?.condition === "used" ? "used" : "new" });
    vehicle.ele("year").txt(v ? String(v.year) : "");
    vehicle.ele("make").txt(v?.make ?? (f.make || f.v_make || ""));
    vehicle.ele("model").txt(v?.model ?? (f.model || f.v_model || ""));
    const vin = v?.vin || f.vin;
    if (vin) vehicle.ele("vin").txt(vin);
    if (f.stock_number) vehicle.ele("stock").txt(f.stock_number);
    if (v?.trim) vehicle.ele("trim").txt(v.trim);

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
    const comments = [
      f.message,
      f.parts_required ? `Parts required: ${f.parts_required}` : "",
      f.customer_action,
      f.v_make || f.v_model ? `Customer's vehicle: ${[f.v_make, f.v_model].filter(Boolean).join(" ")}` : "",
      lead.marketing_opt_in
        ? `Marketing email consent (CASL) given ${lead.received_at}: "${lead.consent_text}"`
        : "No consent to marketing email.",
    ].filter(Boolean);
    customer.ele("comments").txt(comments.join("\n"));

    const vendor = prospect.ele("vendor");
    vendor.ele("vendorname").txt(BUSINESS_DETAILS.name);
    vendor.ele("url").txt(siteUrl);
    const vendorContact = addContact(
      vendor,
      [{ part: "full", type: "business", text: BUSINESS_DETAILS.name }],
      BUSINESS_DETAILS.primary_email,
      BUSINESS_DETAILS.phone_sales,
    );
    const address = vendorContact.ele("address", { type: "work" });
    address.ele("street", { line: "1" }).txt(BUSINESS_DETAILS.address.line1);
    address.ele("city").txt(BUSINESS_DETAILS.address.city);
    address.ele("regioncode").txt(BUSINESS_DETAILS.address.province);
    address.ele("postalcode").txt(BUSINESS_DETAILS.address.postal_code);
    address.ele("country").txt(BUSINESS_DETAILS.address.country);

    const provider = prospect.ele("provider");
    provider.ele("name", { part: "full", type: "business" }).txt(`${BUSINESS_DETAILS.name} website`);
    provider.ele("service").txt(`${formTitle(lead.form)} form (${lead.destination})`);
    provider.ele("url").txt(f["-url"] || siteUrl);
  }
  return doc.end({ prettyPrint: true });
}

export const CSV_COLUMNS = [
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
  "source_url",
] as const;

/** The same leads as a spreadsheet: one row each, RFC 4180 quoting, a header row. */
export function toCsv(leads: readonly ExportedLead[]): string {
  const rows = leads.map((lead) => {
    const f = lead.fields;
    const row: Record<(typeof CSV_COLUMNS)[number], string> = {
      id: lead.id,
      received_at: lead.received_at,
      form: lead.form,
      destination: lead.destination,
      first_name: f.first_name ?? "",
      last_name: f.last_name ?? "",
      company: f.company ?? "",
      email: f.email ?? "",
      day_phone: f.day_phone ?? "",
      message: f.message ?? "",
      stock_number: f.stock_number ?? "",
      vin: lead.vehicle?.vin || f.vin || "",
      year: lead.vehicle ? String(lead.vehicle.year) : "",
      make: lead.vehicle?.make ?? f.make ?? "",
      model: lead.vehicle?.model ?? f.model ?? "",
      condition: lead.vehicle?.condition ?? "",
      v_make: f.v_make ?? "",
      v_model: f.v_model ?? "",
      parts_required: f.parts_required ?? "",
      customer_action: f.customer_action ?? "",
      marketing_opt_in: lead.marketing_opt_in ? "yes" : "no",
      source_url: f["-url"] ?? "",
    };
    return CSV_COLUMNS.map((c) => row[c]);
  });
  return stringify([[...CSV_COLUMNS], ...rows]);
}
