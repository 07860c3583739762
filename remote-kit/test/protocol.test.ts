import { describe, expect, it } from "vitest";
import {
  absoluteUrl,
  joinAnswer,
  jsonForScript,
  type PageHead,
  pageHeadElements,
  renderPageHead,
  splitAnswer,
} from "../src/protocol";

describe("the data a page carries in script elements", () => {
  it("cannot close its element, open a comment or break on line separators, and reads back the same", () => {
    const value = { search: '</script><script>alert(1)</script><!-- & "x"', line: "a\u2028b\u2029c" };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/<\/script|<!--|[<>&\u2028\u2029]/i);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe("a page's head", () => {
  const site = { siteUrl: "https://summitheavyfleet.ca", siteName: "Summit Heavy Fleet" };
  const head: PageHead = {
    title: 'Isuzu "NRR" <fleet> & more',
    description: "Class 5 trucks",
    canonical: "/line-up/isuzu/isuzu-nrr-diesel",
    image: "/api/media/vehicles/box-truck/f4f5f6/1/r1200",
    jsonLd: [{ "@type": "ItemList", name: "</script>" }],
  };

  it("makes canonical and image URLs absolute, and gives every social card its fields", () => {
    const elements = pageHeadElements(head, site);
    const find = (key: string, name: string) => elements.find((e) => e.attributes[key] === name)?.attributes;
    expect(elements.find((e) => e.tag === "link")?.attributes).toEqual({
      rel: "canonical",
      href: "https://summitheavyfleet.ca/line-up/isuzu/isuzu-nrr-diesel",
    });
    expect(find("property", "og:image")?.content).toBe(
      "https://summitheavyfleet.ca/api/media/vehicles/box-truck/f4f5f6/1/r1200",
    );
    expect(find("property", "og:url")?.content).toBe("https://summitheavyfleet.ca/line-up/isuzu/isuzu-nrr-diesel");
    expect(find("name", "twitter:card")?.content).toBe("summary_large_image");
  });

  it("is written as HTML with every value escaped, structured data included", () => {
    const html = renderPageHead(head, site);
    expect(html).toContain("<title>Isuzu &quot;NRR&quot; &lt;fleet&gt; &amp; more</title>");
    expect(html).not.toContain("<fleet>");
    expect(html).toContain(
      '<script type="application/ld+json" data-page-head>{"@type":"ItemList","name":"\\u003c/script\\u003e"}</script>',
    );
  });

  it("has no image for a drawing inlined as a data URI: a link preview needs an address", () => {
    expect(absoluteUrl("https://x.ca", "data:image/svg+xml,<svg/>")).toBeUndefined();
    expect(
      pageHeadElements({ title: "t", image: "data:image/png;base64,AA" }, site).map((e) => e.attributes.name),
    ).toContain("twitter:card");
  });
});

describe("a renderer's answer with its HTML as it is", () => {
  it("reads back the same answer, whatever its HTML holds; an answer without HTML stays JSON", () => {
    const answer = { status: 200, head: { title: 'Line-up\n"NRR"' }, html: '<p title="a\nb">\u2028é</p>\n{"x":1}\n' };
    const body = splitAnswer(answer) ?? "";
    expect(body.startsWith(`${JSON.stringify({ status: 200, head: answer.head })}\n`)).toBe(true);
    expect(joinAnswer(body)).toEqual(answer);
    expect(splitAnswer({ ok: true, message: "sent" })).toBeNull();
    expect(() => joinAnswer('{"status":200}')).toThrow(SyntaxError);
  });
});
