import { describe, expect, it } from "vitest";
import { sanitizeDealerHtml } from "../src/content/sanitize-html.js";

describe("the dealer HTML sanitiser", () => {
  it("keeps formatting, drops scripts and handlers, and answers each text by its own content, asked once or often", () => {
    const text = '<p onclick="x()">Winter <b>tires</b><script>steal()</script></p>';
    expect(sanitizeDealerHtml(text)).toBe("<p>Winter <b>tires</b></p>");
    // asked again: the same answer (kept); another text: its own, never the one before
    expect(sanitizeDealerHtml(text)).toBe("<p>Winter <b>tires</b></p>");
    expect(sanitizeDealerHtml(`${text} `)).toBe("<p>Winter <b>tires</b></p> ");
    expect(sanitizeDealerHtml('<a href="javascript:x()">link</a>')).toBe("<a>link</a>");
    expect(sanitizeDealerHtml("")).toBe("");
  });
});
