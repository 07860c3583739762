import { describe, expect, it } from "vitest";
import { renderLinks, takeLeadingLinks } from "../src/server/resource-hints";

describe("resource hints React writes before a render's content", () => {
  it("are taken out of the content and written back as head links, only of the kinds a page may ask for", () => {
    const { links, html } = takeLeadingLinks(
      '<link rel="preload" as="image" href="/api/media/a?x=1&amp;y=2" fetchPriority="high"/><link rel=stylesheet href="/evil.css"/><div>page</div><link rel="preload" href="/late"/>',
    );
    expect(html).toBe('<div>page</div><link rel="preload" href="/late"/>');
    expect(links).toEqual([
      { rel: "preload", as: "image", href: "/api/media/a?x=1&y=2", fetchpriority: "high" },
      { rel: "stylesheet", href: "/evil.css" },
    ]);
    expect(renderLinks(links)).toEqual([
      '<link rel="preload" as="image" href="/api/media/a?x=1&amp;y=2" fetchpriority="high">',
    ]);
  });

  it("leave content that starts otherwise as it is, and content of links alone empty", () => {
    expect(takeLeadingLinks("<div>page</div>")).toEqual({ links: [], html: "<div>page</div>" });
    expect(takeLeadingLinks("text<link rel=preload href=/a>").html).toBe("text<link rel=preload href=/a>");
    expect(takeLeadingLinks('<link rel="preload" href="/a"><!--$-->x').html).toBe("<!--$-->x");
    expect(takeLeadingLinks('<link rel="preload" href="/a">')).toEqual({
      links: [{ rel: "preload", href: "/a" }],
      html: "",
    });
  });
});
