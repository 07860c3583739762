import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import type { Database } from "../src/db/database.js";
import { signFormStart } from "../src/security/signing.js";
import { seedIfEmpty } from "../src/seed/seed.js";
import { backends } from "./database-fixtures.js";
import { testConfig } from "./test-config.js";

/**
 * 10,000 malformed requests, spread over every endpoint: none may answer 5xx (a visitor's typo or an attacker's
 * probe is a 400 with a reason, a lead's retry must never be told "try again" for input that will always fail),
 * and the API must still answer normally afterwards. Seeded, so a failure replays exactly.
 */
const REQUESTS = 10_000;
const SIGNING_SECRET = "signing-secret-for-fuzzing-0123456789abcd";
const EXPORT_TOKEN = "export-token-for-fuzzing-0123456789-abcdefghij";

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

/** Strings that have broken something somewhere: storage, XML, parsers, prototypes, encodings. */
const HOSTILE_TEXT = [
  "\u0000",
  "A\u0000B",
  "\u0001",
  "ctl\u0007\u001b[31m",
  "\u007f\u0085\u009f",
  "\uD800",
  "\uDFFF",
  "pair \uD83D\uDE9A then lone \uDE9A",
  "\uFFFE\uFFFF",
  "\uFEFFbom",
  "line\u2028sep\u2029",
  "tab\there",
  "cr\rlf\n",
  "'; drop table leads; --",
  "' or '1'='1",
  "\\x00\\u0000",
  "<script>alert(1)</script>",
  "]]><!DOCTYPE x [<!ENTITY e SYSTEM 'file:///etc/passwd'>]>",
  '=HYPERLINK("http://evil.example","x")',
  "constructor",
  "__proto__",
  "prototype",
  "toString",
  "hasOwnProperty",
  "../../etc/passwd",
  "%00",
  "%",
  "%ZZ",
  "%ED%A0%80",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "9".repeat(400),
  "x".repeat(5000),
  "é".repeat(300),
  "🚚".repeat(200),
  "",
  " ",
  ",,,",
  "a,b,,c",
];

/** Values of the wrong kind for a JSON field. */
const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER,
  [],
  ["a", "b"],
  {},
  { toString: "x" },
  { __proto__: { polluted: true } },
  [[[[[[]]]]]],
];

/** Raw path or query text: percent-encodings that decode to nothing valid, and ones that decode to the above. */
const RAW_URL_PIECES = [
  "%00",
  "%",
  "%Z",
  "%E2%82",
  "%ED%A0%80",
  "%C0%AF",
  "%FF%FE",
  "%25",
  "%2e%2e%2f",
  "..%2f..%2f",
  "a%0d%0aSet-Cookie:x=1",
  "constructor",
  "__proto__",
  "%F0%9F%9A%9A",
  "x".repeat(3000),
];

/** Text that may go in a URL: either one of the raw pieces, or hostile text encoded (lone surrogates as raw bytes). */
function urlText(random: Random): string {
  if (random.next() < 0.5) return random.pick(RAW_URL_PIECES);
  const text = random.pick(HOSTILE_TEXT);
  try {
    return encodeURIComponent(text);
  } catch {
    // a lone surrogate: send what a broken client would, its CESU-8 bytes
    return "%ED%A0%80";
  }
}

const QUERY_KEYS = [
  "condition",
  "year",
  "make",
  "model",
  "body_style",
  "dealership",
  "inventory_type",
  "price_lower",
  "price_upper",
  "sort",
  "page",
  "page_size",
  "seed",
  "branch",
  "format",
  "since",
  "type",
  "email",
  "token",
  "__proto__",
  "constructor[prototype][x]",
  "__proto__[polluted]",
];

function queryString(random: Random): string {
  const parts: string[] = [];
  const count = random.int(5);
  for (let i = 0; i < count; i++) {
    const key = random.pick(QUERY_KEYS);
    const repeat = random.next() < 0.15 ? 2 : 1; // a repeated key arrives as an array
    for (let r = 0; r < repeat; r++) parts.push(`${key}=${urlText(random)}`);
  }
  if (random.next() < 0.05) parts.push(urlText(random)); // a bare value
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

const GET_PATHS: ((random: Random) => string)[] = [
  () => "/api/health",
  () => "/api/business-details",
  (r) => `/api/inventory/all/${queryString(r)}`,
  (r) => `/api/inventory/search/${urlText(r)}${queryString(r)}`,
  (r) => `/api/inventory/stocknumber/${urlText(r)}`,
  (r) => `/api/inventory/similar/${urlText(r)}`,
  (r) => `/api/inventory/sitemap${queryString(r)}`,
  (r) => `/api/inventory/properties${queryString(r)}`,
  (r) => `/api/inventory/model-counts${queryString(r)}`,
  (r) => `/api/promotions${queryString(r)}`,
  (r) => `/api/media/vehicles/${urlText(r)}/${r.pick(["1f3552", urlText(r)])}/${urlText(r)}/${urlText(r)}`,
  (r) => `/api/media/vehicles/pickup/1f3552/${r.pick(["1", "0", "-1", "99", urlText(r)])}/r${urlText(r)}`,
  (r) => `/api/media/trailer-photos/${urlText(r)}/${r.pick(["1.jpg", urlText(r)])}${queryString(r)}`,
  (r) => `/api/media/trailer-photos/T100/1.jpg?type=${urlText(r)}`,
  (r) => `/api/media/banners/${urlText(r)}`,
  (r) => `/api/leads/token${queryString(r)}`,
  (r) => `/api/leads/start${queryString(r)}`,
  (r) => `/api/leads/export${queryString(r)}`,
  (r) => `/api/${urlText(r)}`,
];

/** A lead that would be accepted, for mutating one field at a time. */
function validLead(random: Random): Record<string, unknown> {
  return random.pick([
    { form: "contact", destination: "ContactUs", first_name: "Dana", email: "dana@example.ca", message: "Hello" },
    { form: "more-info", destination: "VehicleMoreInfo", stock_number: "A1001" },
    {
      form: "parts-request",
      destination: "VehiclePartsRequest",
      first_name: "Sam",
      email: "sam@example.ca",
      parts_required: "Pads",
      make: "GMC",
    },
    { form: "service-booking", destination: "VehicleServiceRequest", day_phone: "403-555-0100" },
  ]);
}

const LEAD_KEYS = [
  "form",
  "destination",
  "first_name",
  "last_name",
  "company",
  "email",
  "day_phone",
  "message",
  "parts_required",
  "stock_number",
  "vin",
  "make",
  "model",
  "v_make",
  "v_model",
  "customer_action",
  "-url",
  "website",
  "form_started",
  "fill_ms",
  "marketing_opt_in",
  "consent_version",
  "FirstName",
  "Email",
  "__proto__",
  "constructor",
];

function hostileLead(random: Random): unknown {
  const roll = random.next();
  if (roll < 0.05) return random.pick(HOSTILE_VALUES);
  const lead: Record<string, unknown> = { ...validLead(random), website: "" };
  const mutations = 1 + random.int(3);
  for (let i = 0; i < mutations; i++) {
    const key = random.pick(LEAD_KEYS);
    const value = random.next() < 0.7 ? random.pick(HOSTILE_TEXT) : random.pick(HOSTILE_VALUES);
    // defineProperty: "__proto__" becomes an own key of the JSON sent, as an attacker's raw body would have it
    Object.defineProperty(lead, key, { value, enumerable: true, configurable: true, writable: true });
  }
  return lead;
}

/** Bodies a JSON parser should refuse, plus one nested too deep for a recursive one. */
const RAW_BODIES = [
  "{",
  "{not json",
  '{"a":1,}',
  "[]",
  "null",
  '"\u0000"',
  '{"first_name":"\\ud800"}',
  '{"first_name":"\\u0000"}',
  `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
  `{"a":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}`,
  "\uFEFF{}",
];

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-16",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "",
];

const HEADER_VALUES = ["", "x", "a".repeat(200), "bad key with spaces", "ÿþ", "constructor", "__proto__", "1e309"];

describe.each(backends())("hostile input on $name", (backend) => {
  let db: Database;
  let app: FastifyInstance;
  let antiForgery: Record<string, string>;

  beforeAll(async () => {
    db = await backend.open();
    await seedIfEmpty(db, 150);
    const config = testConfig({
      LEAD_RATE_LIMIT_MAX: 1_000_000,
      LEADS_EXPORT_TOKEN: EXPORT_TOKEN,
      LEAD_SIGNING_SECRET: SIGNING_SECRET,
      LEAD_MIN_FILL_MS: 0,
      READ_RATE_LIMIT_MAX: 1_000_000,
    });
    app = await buildApp(config, { db });
    const token = await app.inject({ method: "GET", url: "/api/leads/token" });
    const cookies = token.cookies as { name: string; value: string }[];
    antiForgery = {
      cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; "),
      "x-xsrf-token": cookies.find((c) => c.name === "XSRF-TOKEN")?.value ?? "",
    };
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  function request(random: Random): InjectOptions {
    const kind = random.next();
    const headers: Record<string, string> = {};
    if (random.next() < 0.2)
      headers["x-forwarded-for"] = random.pick(["203.0.113.9", "unknown", "::1", "1.2.3.4, 5.6.7.8"]);
    if (kind < 0.45) {
      if (random.next() < 0.1) headers.authorization = `Bearer ${random.pick([EXPORT_TOKEN, ...HEADER_VALUES])}`;
      return { method: random.pick(["GET", "GET", "GET", "HEAD"]), url: random.pick(GET_PATHS)(random), headers };
    }
    if (kind < 0.9) {
      Object.assign(headers, antiForgery);
      if (random.next() < 0.3) headers["idempotency-key"] = random.pick(HEADER_VALUES);
      if (random.next() < 0.5) {
        const lead = hostileLead(random);
        if (lead && typeof lead === "object" && random.next() < 0.5) {
          (lead as Record<string, unknown>).form_started = signFormStart(
            Buffer.from(SIGNING_SECRET),
            Date.now() - 10_000,
          );
        }
        return {
          method: "POST",
          url: "/api/leads/capture",
          headers: { ...headers, "content-type": "application/json" },
          payload: JSON.stringify(lead),
        };
      }
      return {
        method: "POST",
        url: `/api/leads/capture${random.next() < 0.1 ? queryString(random) : ""}`,
        headers: { ...headers, "content-type": random.pick(CONTENT_TYPES) },
        payload: random.pick(RAW_BODIES),
      };
    }
    const body =
      random.next() < 0.5
        ? { email: random.pick(HOSTILE_TEXT), token: random.pick(HOSTILE_TEXT) }
        : random.pick(HOSTILE_VALUES);
    return {
      method: random.pick(["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]),
      url: random.pick([`/api/consent/unsubscribe${queryString(random)}`, random.pick(GET_PATHS)(random)]),
      headers: { ...headers, "content-type": random.pick(CONTENT_TYPES) },
      payload: JSON.stringify(body) ?? "",
    };
  }

  it(`answers ${REQUESTS.toLocaleString("en-CA")} malformed requests with no 5xx, and still works afterwards`, async () => {
    const random = generator(20261122);
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const endpoints = new Set<string>();
    for (let i = 0; i < REQUESTS; i++) {
      const options = request(random);
      const res = await app.inject(options);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      endpoints.add(`${options.method} ${String(options.url).split("?")[0]?.split("/").slice(0, 4).join("/")}`);
      if (res.statusCode >= 500 && failures.length < 10) {
        failures.push(
          `#${i} ${options.method} ${String(options.url).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
        );
      }
      if (res.statusCode >= 400 && res.statusCode < 500 && options.method !== "HEAD") {
        // a refusal always says why
        expect(res.json().message, `#${i} ${options.method} ${options.url}`).toEqual(expect.any(String));
      }
    }
    expect(failures).toEqual([]);
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
    // the mix really reached the endpoints and the refusals, not just one kind of answer
    expect(statuses.get(400)).toBeGreaterThan(1000);
    expect(statuses.get(201)).toBeGreaterThan(100);
    expect(statuses.get(200)).toBeGreaterThan(500);
    expect(endpoints.size).toBeGreaterThan(20);

    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    const lead = await app.inject({
      method: "POST",
      url: "/api/leads/capture",
      headers: antiForgery,
      payload: {
        form: "contact",
        destination: "ContactUs",
        first_name: "After",
        email: "after@example.ca",
        website: "",
      },
    });
    expect(lead.statusCode).toBe(201);
  }, 300_000);
});
