import { parse } from "csv-parse/sync";
import { LEAD_FIELD_NAMES, LEAD_FIELDS, LEAD_FORMS, LEAD_TEXT_FIELDS, type LeadField } from "shared-types";
import { leadFieldsSchema } from "shared-types/schemas";
import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { DEFAULT_BUSINESS_DETAILS } from "../src/business/default-business-details.js";
import { departmentOf } from "../src/delivery/departments.js";
import { departmentNotification } from "../src/delivery/lead-messages.js";
import { heldSummary } from "../src/leads/held-enquiries.js";
import { CSV_COLUMNS, type ExportedLead, toAdf, toCsv } from "../src/leads/lead-export.js";
import { validateAgainstDtd } from "./adf-dtd.js";

const SITE_URL = "https://summitheavyfleet.ca";

/** A value no other field holds, within the field's length, that its schema takes ("-url" a page of the site). */
function sampleValue(field: LeadField): string {
  if (field === "email") return "fields-test@example.ca";
  if (field === "-url") return `${SITE_URL}/contact/fields-test`;
  const max = LEAD_FIELDS[field].max;
  return `v${field.replace(/[^a-z]/g, "")}`.slice(0, Math.min(max, 17)).padEnd(Math.min(max, 6), "x");
}

/**
 * A field added to shared-types LEAD_FIELDS must reach the sales desk, the CRM and the export with no other change:
 * this fills every field the table declares, whatever they are, and looks for each one's value in all of them.
 */
describe("every field a lead carries", () => {
  const fields = Object.fromEntries(LEAD_FIELD_NAMES.map((field) => [field, sampleValue(field)])) as Record<
    LeadField,
    string
  >;
  const lead: ExportedLead = {
    id: "6f1a1e7e-1d2c-4b3a-9f8e-7d6c5b4a3f2e",
    form: "parts-request",
    destination: LEAD_FORMS["parts-request"].destination,
    received_at: "2026-11-25T12:00:00Z",
    marketing_opt_in: false,
    consent_text: "",
    consent_version: "",
    consent_withdrawn_at: "",
    fields,
    fleet_quote: null,
    vehicle: null,
  };
  const context = { business: DEFAULT_BUSINESS_DETAILS, siteUrl: SITE_URL };

  it("is one the API's schema takes", () => {
    expect(z.safeParse(leadFieldsSchema, fields).success).toBe(true);
    expect(Object.keys(leadFieldsSchema.shape).sort()).toEqual([...LEAD_FIELD_NAMES, "marketing_opt_in"].sort());
    // the ones a visitor types are the forms' values
    for (const name of Object.keys(LEAD_TEXT_FIELDS)) expect(LEAD_FIELD_NAMES).toContain(name);
  });

  it("is in the desk's email, text and HTML alike, and in the held-enquiry digest's summary", () => {
    const message = departmentNotification(lead, context, "delivery-1");
    const summary = heldSummary({
      id: lead.id,
      reason: "honeypot",
      fields,
      received_at: lead.received_at,
      released_at: null,
    })
      .map(([label, value]) => `${label}: ${value}`)
      .join("\n");
    for (const field of LEAD_FIELD_NAMES) {
      expect(message.text, field).toContain(fields[field]);
      expect(message.html, field).toContain(fields[field]);
      expect(summary, field).toContain(fields[field]);
    }
  });

  it("is in the ADF the CRM gets, which stays valid against the DTD", () => {
    const adf = toAdf([lead], DEFAULT_BUSINESS_DETAILS, SITE_URL);
    for (const field of LEAD_FIELD_NAMES) expect(adf, field).toContain(fields[field]);
    validateAgainstDtd(adf);
  });

  it("is a column of the export, under its own name", () => {
    const [header, row] = parse(toCsv([lead])) as string[][];
    expect(header).toEqual([...CSV_COLUMNS]);
    for (const field of LEAD_FIELD_NAMES) {
      const column = field === "-url" ? "source_url" : field;
      expect(row?.[header?.indexOf(column) ?? -1], field).toBe(fields[field]);
    }
  });

  it("goes to the desk its form's entry names", () => {
    expect(departmentOf("parts-request")).toBe("parts");
    expect(departmentOf("service-booking")).toBe("service");
    expect(departmentOf("contact")).toBe("sales");
    expect(departmentOf("a-form-of-an-older-version")).toBe("sales");
  });
});
