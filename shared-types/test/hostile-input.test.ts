import { describe, expect, it } from "vitest";
import { consentWording, findInLineup, MARKETING_CONSENT } from "../src/index.js";
import {
  leadCaptureRequestSchema,
  parsePromotionFeed,
  parseRemotesConfig,
  RemotesConfigError,
  safeText,
  stockNumberSchema,
} from "../src/schemas.js";

const contact = { form: "contact", destination: "ContactUs", first_name: "Dana", email: "dana@example.ca" };
const fieldErrors = (value: unknown) => {
  const result = leadCaptureRequestSchema.safeParse(value);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("text a store or a document cannot hold is refused at the schema", () => {
  const oneLine = safeText(100);
  const multiLine = safeText(100, { multiline: true });

  it.each([
    ["NUL", "A\u0000B"],
    ["U+0001", "ctl\u0001"],
    ["escape", "\u001b[31m"],
    ["DEL and C1", "\u007f\u0085"],
    ["a lone high surrogate", "truck \uD83D"],
    ["a lone low surrogate", "\uDE9A truck"],
    ["a non-character", "\uFFFE"],
  ])("refuses %s, in one-line and multi-line fields", (_name, text) => {
    expect(oneLine.safeParse(text).success).toBe(false);
    expect(multiLine.safeParse(text).success).toBe(false);
  });

  it("keeps what people type: accents, emoji (paired surrogates), and in a message tabs and line breaks", () => {
    expect(oneLine.parse("  Chloé 🚚 Côté  ")).toBe("Chloé 🚚 Côté");
    expect(oneLine.safeParse("two\nlines").success).toBe(false);
    expect(multiLine.parse("line one\r\nline two\ttabbed\rthree")).toBe("line one\nline two\ttabbed\nthree");
  });

  it("names the lead field at fault", () => {
    expect(fieldErrors({ ...contact, first_name: "Da\u0000na" })).toEqual({
      first_name: "must be one line without control characters",
    });
    expect(fieldErrors({ ...contact, message: "Hi\u0001" })).toEqual({
      message: "must not contain control characters",
    });
    expect(fieldErrors({ ...contact, message: "Two vans\nby spring" })).toEqual({});
    expect(stockNumberSchema.safeParse("A1\u0000").success).toBe(false);
  });
});

describe("lookups by a key from outside are not fooled by Object's own properties", () => {
  it.each(["constructor", "__proto__", "toString", "hasOwnProperty"])(
    "%s is no consent wording and no model",
    (key) => {
      expect(consentWording(key)).toBeUndefined();
      const lineup = { models: [] as { id: string }[], legacyIds: { "old-id": "new-id" } };
      expect(findInLineup(lineup, key)).toBeUndefined();
      expect(fieldErrors({ ...contact, marketing_opt_in: true, consent_version: key })).toHaveProperty(
        "consent_version",
      );
    },
  );

  it("knows the wording of the current version", () => {
    expect(consentWording(MARKETING_CONSENT.version)).toBe(MARKETING_CONSENT.text);
    expect(fieldErrors({ ...contact, marketing_opt_in: true, consent_version: MARKETING_CONSENT.version })).toEqual({});
    expect(fieldErrors({ ...contact, email: "", marketing_opt_in: true })).toHaveProperty("email");
  });
});

describe("a promotions feed in SPEC's shape", () => {
  const item = { department: "sales", rank: 1, html: "<p>HD sale</p>", image: "", url: "" };

  it("needs no id, and leaves out only an item that is not a promotion", () => {
    const feed = parsePromotionFeed([
      item,
      { ...item, rank: "first" },
      { department: "accounting", rank: 2 },
      null,
      { ...item, department: "parts", rank: 2, image: "/api/media/banners/hd-pickups" },
    ]);
    expect(feed.map((p) => [p.department, p.rank])).toEqual([
      ["sales", 1],
      ["parts", 2],
    ]);
    expect(feed[0]).not.toHaveProperty("id");
  });

  it("is an error only when the answer is not a list at all", () => {
    expect(() => parsePromotionFeed({ error: "down" })).toThrow(/not a list/);
    expect(parsePromotionFeed([])).toEqual([]);
  });
});

describe("the host's remote configuration", () => {
  const good = {
    catalog: "/remotes/catalog/mf-manifest.json",
    inventory: "https://inventory.cdn.example/releases/2.0.0-ab12cd34/mf-manifest.json",
    service: "/remotes/service/mf-manifest.json",
    leads: "/remotes/leads/releases/1.1.0-0f9e8d7c/mf-manifest.json",
  };

  it("reads four manifest URLs, on the site or elsewhere", () => {
    expect(parseRemotesConfig(good)).toEqual(good);
  });

  it("names each bad entry: a missing remote, a script URL, an unknown remote", () => {
    const { leads: _leads, ...missing } = good;
    expect(() => parseRemotesConfig(missing, "remotes.json")).toThrow(
      "remotes.json is invalid: leads: missing, or not a string",
    );
    expect(() => parseRemotesConfig({ ...good, catalog: "javascript:alert(1)//.json" })).toThrow(
      /catalog: must be the URL of a remote's mf-manifest\.json/,
    );
    expect(() => parseRemotesConfig({ ...good, service: "//evil.example/mf-manifest.json" })).toThrow(/service:/);
    expect(() => parseRemotesConfig({ ...good, search: "/remotes/search/mf-manifest.json" })).toThrow(
      "search: not a remote of this site",
    );
    expect(() => parseRemotesConfig("not an object")).toThrow(RemotesConfigError);
  });
});
