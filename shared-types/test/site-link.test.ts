import { describe, expect, it } from "vitest";
import { siteNoticeSchema } from "../src/business.schema.js";
import { specialInputSchema } from "../src/promotion.schema.js";

const notice = { text: "Open house", link: "/inventory", from: null, to: null };
const special = { department: "service" as const, title: "Winter check", html: "", url: "/service" };

/** Both fields that take a link, with what each says when it refuses one. */
const fields = [
  {
    name: "the site notice's link",
    message: "Link to a page of this site (like /inventory) or an https:// address",
    parse: (link: string) => siteNoticeSchema.safeParse({ ...notice, link }),
  },
  {
    name: "a special's link",
    message: "Link to a page of this site (like /service) or an https:// address",
    parse: (url: string) => specialInputSchema.safeParse({ ...special, url, starts_on: null, ends_on: null }),
  },
];

describe.each(fields)("$name", ({ message, parse }) => {
  it.each([
    ["a tab that browsers drop", "/\t/evil.example/x"],
    ["a line feed that browsers drop", "/\n/evil.example"],
    ["a carriage return that browsers drop", "/\r/evil.example"],
    ["a space", "/ /evil.example"],
    ["a NUL", "/\u0000/evil.example"],
    ["a control character", "/\u001f/evil.example"],
    ["a DEL", "/\u007f/evil.example"],
    ["a backslash browsers read as a slash", "/\\evil.example"],
    ["a backslash further on", "/inventory\\..\\..\\evil"],
    ["a backslash in an https address", "https://dealer.example\\@evil.example"],
    ["a tab in an https address", "https://dealer.example/\tx"],
    ["a scheme-relative address", "//evil.example"],
    ["dot-segments that leave a scheme-relative path", "/..//evil.example"],
    ["an encoded tab", "/%09/evil.example"],
    ["a script", "javascript:alert(1)"],
    ["a plain http address", "http://plain.example"],
    ["a bare host", "evil.example"],
  ])("refuses %s (%j), saying what it takes", (_, link) => {
    const parsed = parse(link);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it.each([
    ["a page of the site", "/inventory"],
    ["a page with a query and a fragment", "/service?x=1#y"],
    ["an https address, another site's on purpose", "https://evil.example"],
    ["no link", ""],
    ["a link with spaces around it, trimmed", "  /inventory  "],
  ])("takes %s (%j)", (_, link) => {
    expect(parse(link).success).toBe(true);
  });

  it("keeps the length limit and its message", () => {
    expect(parse(`/${"a".repeat(500)}`).error?.issues.map((issue) => issue.message)).toContain(
      "Keep the link under 500 characters",
    );
  });
});
