import { describe, expect, it } from "vitest";
import { islandsIn } from "../src/server/page-composer";

describe("the islands the host finds in a page's HTML", () => {
  it("reads each island's id and hydration whatever the order and quoting of its attributes", () => {
    const html = [
      '<fleet-island data-island="host/nav" data-props="{&quot;a&quot;:&quot;&gt;&quot;}" data-hydrate="interaction"><nav></nav></fleet-island>',
      "<fleet-island data-hydrate=visible data-props='{}' data-island='inventory/island/gallery'></fleet-island>",
      '<fleet-island data-props="{}" data-island="leads/contact-form"></fleet-island>',
      '<fleet-island data-island="nobody"></fleet-island><fleet-islander data-island="host/map"></fleet-islander>',
    ].join("");
    expect(islandsIn(html)).toEqual([
      { id: "host/nav", remote: "host", module: "nav", hydrate: "interaction" },
      { id: "inventory/island/gallery", remote: "inventory", module: "island/gallery", hydrate: "visible" },
      // no hydration named: as the page loads (as the page's script reads it)
      { id: "leads/contact-form", remote: "leads", module: "contact-form", hydrate: "load" },
    ]);
  });
});
