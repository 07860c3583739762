import { describe, expect, it } from "vitest";
import { islandsIn } from "../src/server/page-composer";

describe("the islands the host finds in a page's HTML", () => {
  it("reads each island's id and hydration whatever the order and quoting of its attributes", () => {
    const html = [
      '<fleet-island data-island="host/nav" data-props="{&quot;a&quot;:&quot;&gt;&quot;}" data-hydrate="interaction"><nav></nav></fleet-island>',
      "<fleet-island data-hydrate=visible data-props='{}' data-island='inventory/island/gallery'></fleet-island>",
      '<fleet-island data-props="{}" data-island="leads/contact-form"></fleet-island>',
      '<fleet-island data-island="nobody"></fleet-island><fleet-islander data-island="host/map"></fleet-islander>',
      // a search's results as props (tens of KB), naming other attributes in its text, before the hydration
      `<fleet-island data-island="inventory/island/search" data-props="${"{&quot;data-hydrate&quot;:&quot;load&quot;}".repeat(2000)}" data-form="{&quot;id&quot;:&quot;x&quot;}" data-hydrate="interaction"></fleet-island>`,
    ].join("");
    expect(islandsIn(html)).toEqual([
      { id: "host/nav", remote: "host", module: "nav", hydrate: "interaction" },
      { id: "inventory/island/gallery", remote: "inventory", module: "island/gallery", hydrate: "visible" },
      // no hydration named: as the page loads (as the page's script reads it)
      { id: "leads/contact-form", remote: "leads", module: "contact-form", hydrate: "load" },
      { id: "inventory/island/search", remote: "inventory", module: "island/search", hydrate: "interaction" },
    ]);
  });
});
