import { parse as parseCsv } from "csv-parse/sync";
import fc from "fast-check";
import { SaxesParser } from "saxes";
import {
  allInPriceCents,
  LEAD_FIELD_NAMES,
  LEAD_FIELDS,
  LEAD_FORMS,
  type LeadField,
  type LeadFieldFacts,
} from "shared-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS_DETAILS } from "../src/business/default-business-details.js";
import type { Database } from "../src/db/database.js";
import {
  csvCell,
  type ExportedFleetQuoteLine,
  type ExportedLead,
  type InventoryUnit,
  loadLeads,
  toAdf,
  toCsv,
} from "../src/leads/lead-export.js";
import { generateInventory } from "../src/seed/inventory-generator.js";
import { insertVehicles } from "../src/seed/seed.js";
import { validateAgainstDtd } from "./adf-dtd.js";
import { backends } from "./database-fixtures.js";

const SITE_URL = "https://summitheavyfleet.ca";

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Its own text, references resolved (the whitespace between its children included). */
  text: string;
}

/** The document's root element, read by saxes, a parser that throws on anything not well-formed. */
function parseStrict(xml: string): XmlElement {
  const parser = new SaxesParser();
  const document: XmlElement = { name: "", attributes: {}, children: [], text: "" };
  const open = [document];
  const current = () => open[open.length - 1]!;
  parser.on("opentag", (tag) => {
    const element = {
      name: tag.name,
      attributes: { ...(tag.attributes as Record<string, string>) },
      children: [],
      text: "",
    };
    current().children.push(element);
    open.push(element);
  });
  parser.on("closetag", () => void open.pop());
  parser.on("text", (text) => {
    current().text += text;
  });
  parser.on("error", (error) => {
    throw error;
  });
  parser.write(xml).close();
  return document.children[0]!;
}

const all = (parent: XmlElement, name: string) => parent.children.filter((child) => child.name === name);
function one(parent: XmlElement, name: string): XmlElement {
  const [element, ...more] = all(parent, name);
  if (!element || more.length > 0) throw new Error(`expected one <${name}> in <${parent.name}>`);
  return element;
}
const textOf = (parent: XmlElement, name: string) => one(parent, name).text;

/** XML 1.0's Char production: what a document can carry at all. */
const isXmlChar = (codePoint: number) =>
  codePoint === 0x9 ||
  codePoint === 0xa ||
  codePoint === 0xd ||
  (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
  (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
  (codePoint >= 0x10000 && codePoint <= 0x10ffff);
const xmlCharacter = fc
  .string({ unit: "binary", minLength: 1, maxLength: 1 })
  .filter((character) => isXmlChar(character.codePointAt(0)!));
/** What looks like markup to a writer that does not escape everything. */
const MARKUP_SHAPED = [
  "&bogus;",
  "&#1;",
  "&amp;",
  "&#x41;",
  "&lt;",
  "&",
  "<a>",
  "</a>",
  "]]>",
  "<!--",
  "-->",
  "<?x?>",
  "<![CDATA[",
  "\"'",
  "\r\n",
  "\r",
  "\t",
  " ",
];
/** Whatever a visitor (or a stored lead) can hold: any XML character, markup-shaped pieces among them. */
const typed = fc.string({ unit: fc.oneof(xmlCharacter, fc.constantFrom(...MARKUP_SHAPED)), maxLength: 24 });

const inventoryUnit: fc.Arbitrary<InventoryUnit> = fc.record({
  year: fc.integer({ min: 1990, max: 2030 }),
  make: typed,
  model: typed,
  trim: typed,
  vin: typed,
  condition: fc.constantFrom("new", "used"),
  price_cents: fc.nat(),
  odometer: fc.nat(),
});

const fleetQuoteLine: fc.Arbitrary<ExportedFleetQuoteLine> = fc
  .record({
    id: typed,
    kind: fc.constantFrom("unit" as const, "model" as const),
    stock_number: typed,
    model_id: typed,
    label: typed,
    year: fc.option(fc.integer({ min: 1990, max: 2030 }), { nil: null }),
    make: typed,
    model: typed,
    vin: typed,
    quantity: fc.integer({ min: 1, max: 99 }),
    notes: typed,
    available: fc.boolean(),
    from_lineup: fc.boolean(),
    unit: fc.option(inventoryUnit, { nil: null }),
  })
  .map(({ unit, ...line }) => (line.kind === "unit" ? { ...line, unit } : line));

const fleetQuote = fc
  .record({
    lines: fc.array(fleetQuoteLine, { minLength: 1, maxLength: 3 }),
    trade_ins: fc.array(
      fc.record({
        id: typed,
        year: fc.integer({ min: 1990, max: 2030 }),
        make: typed,
        model: typed,
        vin: typed,
        odometer_km: fc.nat(),
        notes: typed,
      }),
      { maxLength: 2 },
    ),
  })
  .map((quote) => ({ ...quote, unit_count: quote.lines.reduce((sum, line) => sum + line.quantity, 0) }));

const typedLead: fc.Arbitrary<ExportedLead> = fc.record({
  id: typed,
  form: fc.oneof(fc.constantFrom(...Object.keys(LEAD_FORMS)), typed),
  destination: typed,
  received_at: typed,
  marketing_opt_in: fc.boolean(),
  consent_text: typed,
  consent_version: typed,
  consent_withdrawn_at: typed,
  fields: fc.record(
    Object.fromEntries(LEAD_FIELD_NAMES.map((field) => [field, typed])) as Record<LeadField, typeof typed>,
  ),
  fleet_quote: fc.option(fleetQuote, { nil: null }),
  vehicle: fc.option(inventoryUnit, { nil: null }),
});

/** What the CRM reads of a lead is what it holds, field by field. */
function expectReadBack(prospect: XmlElement, lead: ExportedLead) {
  const f = lead.fields;
  expect(textOf(prospect, "id")).toBe(lead.id);
  expect(textOf(prospect, "requestdate")).toBe(lead.received_at);

  const customer = one(prospect, "customer");
  const contact = one(customer, "contact");
  const names = [f.first_name, f.last_name, f.company].filter(Boolean);
  expect(all(contact, "name").map((name) => name.text)).toEqual(names.length > 0 ? names : [""]);
  if (f.email) expect(textOf(contact, "email")).toBe(f.email);
  if (f.day_phone) expect(textOf(contact, "phone")).toBe(f.day_phone);
  const ids = all(customer, "id").map((id) => [id.attributes.source, id.text]);
  for (const field of LEAD_FIELD_NAMES) {
    const facts: LeadFieldFacts = LEAD_FIELDS[field];
    if (facts.adf === "customer-id" && f[field]) expect(ids).toContainEqual([facts.adfSource, f[field]]);
  }
  if (f.required_by) expect(textOf(one(customer, "timeframe"), "latestdate")).toBe(f.required_by);
  const comments = textOf(customer, "comments");
  for (const field of LEAD_FIELD_NAMES) {
    // the comments list each field as the desk reads it: trimmed
    const value = f[field]?.trim();
    if (LEAD_FIELDS[field].adf === "comments" && value) expect(comments, field).toContain(value);
  }
  if (lead.marketing_opt_in) expect(comments).toContain(`"${lead.consent_text}"`);

  const bought = all(prospect, "vehicle").filter((vehicle) => vehicle.attributes.interest === "buy");
  const tradedIn = all(prospect, "vehicle").filter((vehicle) => vehicle.attributes.interest === "trade-in");
  if (!lead.fleet_quote) {
    const v = lead.vehicle;
    expect(textOf(bought[0]!, "make")).toBe(v?.make ?? (f.make || f.v_make || ""));
    expect(textOf(bought[0]!, "model")).toBe(v?.model ?? (f.model || f.v_model || ""));
    if (v?.trim) expect(textOf(bought[0]!, "trim")).toBe(v.trim);
    if (f.stock_number) expect(textOf(bought[0]!, "stock")).toBe(f.stock_number);
    return;
  }
  expect(bought).toHaveLength(lead.fleet_quote.lines.length);
  lead.fleet_quote.lines.forEach((line, index) => {
    const vehicle = bought[index]!;
    const unit = line.kind === "unit" ? line.unit : null;
    // a line-up model is new; a unit is as the inventory knows it, and of no stated condition once it has left it
    const status = line.kind === "model" ? "new" : unit?.condition;
    expect(vehicle.attributes.status).toBe(status);
    expect(textOf(vehicle, "make")).toBe(unit?.make ?? line.make);
    expect(textOf(vehicle, "model")).toBe(unit?.model ?? line.model);
    if (unit?.trim) expect(textOf(vehicle, "trim")).toBe(unit.trim);
    if (line.stock_number) expect(textOf(vehicle, "stock")).toBe(line.stock_number);
    if (line.notes) expect(textOf(vehicle, "comments")).toContain(`Body or upfit: ${line.notes}`);
  });
  expect(tradedIn).toHaveLength(lead.fleet_quote.trade_ins.length);
  lead.fleet_quote.trade_ins.forEach((tradeIn, index) => {
    const vehicle = tradedIn[index]!;
    expect(textOf(vehicle, "make")).toBe(tradeIn.make);
    expect(textOf(vehicle, "model")).toBe(tradeIn.model);
    expect(textOf(vehicle, "vin")).toBe(tradeIn.vin);
    if (tradeIn.notes) expect(textOf(vehicle, "comments")).toBe(tradeIn.notes);
  });
}

const contactLead = (fields: ExportedLead["fields"]): ExportedLead => ({
  id: "6f1a1e7e-1d2c-4b3a-9f8e-7d6c5b4a3f2e",
  form: "contact",
  destination: "ContactUs",
  received_at: "2026-11-25T12:00:00Z",
  marketing_opt_in: false,
  consent_text: "",
  consent_version: "",
  consent_withdrawn_at: "",
  fields,
  fleet_quote: null,
  vehicle: null,
});

describe("the ADF a CRM gets", () => {
  it("is read by a parser that refuses a document that is not well-formed (what the tests below rely on)", () => {
    expect(() => parseStrict("<adf>&bogus;</adf>")).toThrow();
    expect(() => parseStrict("<adf>&#1;</adf>")).toThrow();
    expect(parseStrict("<adf>&amp;amp;&#13;</adf>").text).toBe("&amp;\r");
  });

  it("carries entity- and markup-shaped text as the text it is: well-formed, valid, read back as typed", () => {
    const lead = contactLead({
      first_name: "&bogus;",
      last_name: "&#1;",
      company: "Moreau &amp; Fils &#x41; &lt;Cartage&gt;",
      email: "a&b;@example.ca",
      message: "Line one ]]> <!-- <?x?> \"quoted\" 'single'\r\nLine two & &copy;",
    });
    const xml = toAdf([lead], DEFAULT_BUSINESS_DETAILS, SITE_URL);
    validateAgainstDtd(xml);
    expectReadBack(one(parseStrict(xml), "prospect"), lead);
  });

  it("holds, for any text in any field a lead carries: well-formed, read back as typed, valid against the DTD", () => {
    const seen: ExportedLead[] = [];
    fc.assert(
      // the dealership's own details, as staff type them, too (its domain is an attribute's value)
      fc.property(typedLead, typed, typed, (lead, name, domain) => {
        seen.push(lead);
        const business = { ...DEFAULT_BUSINESS_DETAILS, name, domain };
        const prospect = one(parseStrict(toAdf([lead], business, SITE_URL)), "prospect");
        expectReadBack(prospect, lead);
        expect(one(prospect, "id").attributes.source).toBe(domain);
        expect(textOf(one(prospect, "vendor"), "vendorname")).toBe(name);
      }),
      { numRuns: 300 },
    );
    // one xmllint over every lead the property made: the DTD's rules are the same for each
    validateAgainstDtd(toAdf(seen, DEFAULT_BUSINESS_DETAILS, SITE_URL));
  });

  it("still drops what XML cannot carry at all rather than break the document", () => {
    const lead = contactLead({ first_name: "Ana\u0001\uFFFE\uD800", message: "bell\u0007" });
    const xml = toAdf([lead], DEFAULT_BUSINESS_DETAILS, SITE_URL);
    validateAgainstDtd(xml);
    const contact = one(one(one(parseStrict(xml), "prospect"), "customer"), "contact");
    expect(all(contact, "name").map((name) => name.text)).toEqual(["Ana"]);
  });
});

describe.each(backends())("a fleet quote's vehicles in ADF on $name", (backend) => {
  let db: Database;
  const inventory = generateInventory(60);
  const used = inventory.find((unit) => unit.condition === "used" && unit.trim && unit.full_price > 0)!;
  // a new unit with no price is "Contact Us For Pricing"
  const priceless = {
    ...inventory.find((unit) => unit.condition === "new")!,
    full_price: 0,
    low_price: 0,
    charges: [],
  };
  const line = (fields: Partial<ExportedFleetQuoteLine>): ExportedFleetQuoteLine => ({
    id: `line-${fields.stock_number || fields.model_id}`,
    kind: "unit",
    stock_number: "",
    model_id: "",
    label: "",
    year: null,
    make: "",
    model: "",
    vin: "",
    quantity: 2,
    notes: "",
    available: true,
    from_lineup: false,
    ...fields,
  });
  const quote = {
    lines: [
      line({ stock_number: used.stock_number, year: used.year, make: used.make, model: `${used.model} ${used.trim}` }),
      line({
        stock_number: priceless.stock_number,
        year: priceless.year,
        make: priceless.make,
        model: priceless.model,
      }),
      line({ stock_number: "GONE-1", year: 2019, make: "Hino", model: "L6 Cab", vin: "JHHSDM2H5KK000001" }),
      line({ kind: "model", model_id: "isuzu-npr-hd", make: "Isuzu", model: "NPR-HD", quantity: 6 }),
    ],
    trade_ins: [],
    unit_count: 12,
  };
  let prospect: XmlElement;
  let lead: ExportedLead;

  beforeAll(async () => {
    db = await backend.open();
    await insertVehicles(db, [used, priceless]);
    await db.query(
      `insert into leads (id, destination, form, fields, received_at, fleet_quote)
       values ('fleet-1', $1, 'fleet-quote', $2, '2026-11-26T12:00:00Z', $3)`,
      [
        LEAD_FORMS["fleet-quote"].destination,
        JSON.stringify({ company: "Bow River Couriers", email: "fran@bowriver.example" }),
        JSON.stringify(quote),
      ],
    );
    [lead] = (await loadLeads(db)) as [ExportedLead];
    const xml = toAdf([lead], DEFAULT_BUSINESS_DETAILS, SITE_URL);
    validateAgainstDtd(xml);
    prospect = one(parseStrict(xml), "prospect");
  });
  afterAll(async () => {
    await db.close();
  });

  const vehicles = () => all(prospect, "vehicle");

  it("reads each unit's condition, trim, all-in price and odometer from the inventory at export time", () => {
    expect(lead.fleet_quote?.lines.map((l) => l.unit?.condition ?? null)).toEqual(["used", "new", null, null]);
  });

  it("says new or used as the unit is, with its trim, odometer in km and asking price (or call) where ADF puts them", () => {
    const [usedUnit, pricelessUnit] = vehicles();
    expect(usedUnit!.attributes).toMatchObject({ interest: "buy", status: "used" });
    expect(textOf(usedUnit!, "model")).toBe(used.model);
    expect(textOf(usedUnit!, "trim")).toBe(used.trim);
    expect(one(usedUnit!, "odometer")).toMatchObject({
      attributes: { units: "km" },
      text: String(used.odometer),
    });
    expect(one(usedUnit!, "price")).toMatchObject({
      attributes: { type: "asking", currency: "CAD" },
      text: (allInPriceCents(used) / 100).toFixed(2),
    });
    expect(pricelessUnit!.attributes.status).toBe("new");
    expect(one(pricelessUnit!, "price")).toMatchObject({ attributes: { type: "call", currency: "CAD" }, text: "" });
  });

  it("keeps a unit that has left the inventory without claiming a condition, trim, odometer or price", () => {
    const gone = vehicles()[2]!;
    expect(gone.attributes).toEqual({ interest: "buy" });
    expect(textOf(gone, "stock")).toBe("GONE-1");
    expect(textOf(gone, "model")).toBe("L6 Cab");
    for (const unknown of ["trim", "odometer", "price"]) expect(all(gone, unknown)).toEqual([]);
    expect(textOf(gone, "comments")).toContain("condition, trim and price are not known");
  });

  it("claims no condition for a single unit's lead once the unit has left the inventory", async () => {
    await db.query(
      `insert into leads (id, destination, form, fields, received_at)
       values ('single-gone', 'VDPContactForm', 'vehicle-contact', $1, '2026-11-26T12:05:00Z')`,
      [JSON.stringify({ first_name: "Gil", email: "gil@fleet.example", stock_number: "GONE-2" })],
    );
    const single = (await loadLeads(db)).find((l) => l.id === "single-gone") as ExportedLead;
    const xml = toAdf([single], DEFAULT_BUSINESS_DETAILS, SITE_URL);
    validateAgainstDtd(xml);
    expect(one(one(parseStrict(xml), "prospect"), "vehicle").attributes).toEqual({ interest: "buy" });
  });

  it("gives a line-up model the year element ADF requires, empty, and says why", () => {
    const model = vehicles()[3]!;
    expect(model.attributes).toEqual({ interest: "buy", status: "new" });
    expect(textOf(model, "year")).toBe("");
    expect(textOf(model, "comments")).toMatch(/^Quantity: 6\n.*model year to be agreed/);
  });
});

/** Where a spreadsheet may cut a cell: the separators of its locales and of an import, and line breaks. */
const SEPARATORS = /[;,\t\r\n]/;
/** A formula trigger, with what a spreadsheet may trim before it. */
const STARTS_A_FORMULA = /^[\s"]*[=+\-@]/;

/** Text made to start formulas wherever a spreadsheet might cut it. */
const formulaBait = fc.string({
  unit: fc.oneof(
    fc.constantFrom("=", "+", "-", "@", ";", ",", "\t", "\r", "\n", "\r\n", " ", '"', "'", "\u00a0", "=2+5", "Pat"),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
  ),
  maxLength: 20,
});

describe("the CSV a spreadsheet opens", () => {
  it("puts an apostrophe before a formula trigger at the start of the cell and after any separator", () => {
    expect(csvCell("Pat;=2+5;")).toBe("Pat;'=2+5;");
    expect(csvCell("=1")).toBe("'=1");
    expect(csvCell("\t=cmd")).toBe("\t'=cmd");
    expect(csvCell('Ann, "-2" and @me\r\n +3')).toBe("Ann, \"'-2\" and @me\r\n '+3");
    // text that starts no formula is left as typed
    expect(csvCell("crm-email: delivered; webhook: pending")).toBe("crm-email: delivered; webhook: pending");
    expect(csvCell("Pat O'Brien-Smith, 2-3 units")).toBe("Pat O'Brien-Smith, 2-3 units");
  });

  it("holds for any text: no piece a spreadsheet may cut starts a formula, and only apostrophes were added", () => {
    fc.assert(
      fc.property(formulaBait, (text) => {
        const cell = csvCell(text);
        for (const piece of cell.split(SEPARATORS)) expect(piece).not.toMatch(STARTS_A_FORMULA);
        expect(cell.replaceAll("'", "")).toBe(text.replaceAll("'", ""));
      }),
      { numRuns: 2000 },
    );
  });

  it("exports leads no cell of which starts a formula, read with , or ; as the separator", () => {
    const leads = fc
      .sample(fc.record(Object.fromEntries(LEAD_FIELD_NAMES.map((field) => [field, formulaBait]))), {
        numRuns: 200,
        seed: 42,
      })
      .map((fields, index) => ({ ...contactLead(fields), id: `csv-${index}` }));
    const csv = toCsv(leads);
    const byComma = parseCsv(csv, { columns: true }) as Record<string, string>[];
    expect(byComma.map((row) => row.id)).toEqual(leads.map((lead) => lead.id));
    for (const cell of byComma.flatMap((row) => Object.values(row))) expect(cell).not.toMatch(STARTS_A_FORMULA);
    const bySemicolon = parseCsv(csv, { delimiter: ";", relax_quotes: true, relax_column_count: true }) as string[][];
    for (const cell of bySemicolon.flat()) expect(cell).not.toMatch(STARTS_A_FORMULA);
  });
});
