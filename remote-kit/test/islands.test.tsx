import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { defineIsland, isIslandComponent, Link, PeerForm, SiteProvider, useSubmittedForm } from "../src/index";
import { fragmentSlotMarkers, type SubmittedForm } from "../src/protocol.js";
import { createRemoteRenderer } from "../src/render/index";
import { installSiteDocument, TEST_SITE } from "../src/testing";

installSiteDocument();
afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
  installSiteDocument();
});

function Counter({ start, label }: { start: number; label: string }) {
  const [count, setCount] = useState(start);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {label} {count}
    </button>
  );
}
const CounterIsland = defineIsland("catalog/island/counter", Counter, { hydrate: "visible" });

function FormState({ id }: { id: string }) {
  const form = useSubmittedForm(id);
  return <p>{form ? `${form.values.first_name}: ${form.errors.email}` : "nothing sent"}</p>;
}
const FormIsland = defineIsland("leads/form-state", FormState, { hydrate: "form" });

const CONSUMES = {
  finder: { from: "leads", module: "./vehicle-finder-form", props: z.object({}) },
  enquiry: { from: "leads", module: "./unit-form", props: z.object({ stockNumber: z.string() }) },
} as const;

function Page() {
  return (
    <main>
      <h1>
        Static <Link to="/inventory">inventory</Link>
      </h1>
      <CounterIsland start={2} label="Units" />
      <FormIsland id="leads:contact" />
      <PeerForm use={CONSUMES.finder} props={{}} />
    </main>
  );
}

/** A unit's page that gives team leads' form its unit itself, as hidden fields of its own. */
function UnitPage() {
  return <PeerForm use={CONSUMES.enquiry} props={{ stockNumber: "A1" }} pageGives={["stockNumber"]} />;
}

const renderer = createRemoteRenderer({
  declaration: {
    name: "catalog",
    devPort: 0,
    routes: "./src/routes.tsx",
    fragments: {
      "./form-state": { source: "./src/form-state.tsx", props: z.object({}) },
      "./unit-state": {
        source: "./src/form-state.tsx",
        props: z.object({ id: z.optional(z.string()) }),
        takesFromPage: ["id"],
      },
    },
  },
  builtAt: "2026-01-01T00:00:00.000Z",
  routes: [{ path: "/page", element: <Page /> }],
  App: () => <Page />,
  fragments: { "./form-state": { component: FormIsland }, "./unit-state": { component: FormIsland } },
});
const request = (form?: SubmittedForm) => ({
  path: "/page",
  site: TEST_SITE,
  remoteBase: "/remotes/catalog/",
  peers: {},
  ...(form ? { form } : {}),
});

describe("islands", () => {
  it("renders an island on the server inside the element that names it, with when it hydrates and its props in a script element: JSON as it is, no &quot;", async () => {
    const { html } = await renderer.render(request());
    expect(html).toContain(
      '<fleet-island data-island="catalog/island/counter" data-hydrate="visible"><button type="button">Units<!-- --> <!-- -->2</button><script type="application/json" data-island-props="">{"start":2,"label":"Units"}</script></fleet-island>',
    );
    // what is not an island is plain HTML: the link is an anchor that loads its page
    expect(html).toContain('<h1>Static <a href="/inventory">inventory</a></h1>');
    expect(isIslandComponent(CounterIsland)).toBe(true);
    expect(CounterIsland.island).toEqual({ id: "catalog/island/counter", hydrate: "visible" });
  });

  it("writes a fragment's islands' props in a script element too", async () => {
    const fragment = await renderer.renderFragment({
      module: "./form-state",
      props: { id: "leads:contact" },
      site: TEST_SITE,
      path: "/page",
    });
    expect(fragment.html).toContain(
      '<script type="application/json" data-island-props="">{"id":"leads:contact"}</script>',
    );
  });

  it("hydrates from its element alone: the server's HTML is adopted, not replaced, and responds", async () => {
    const { html } = await renderer.render(request());
    document.body.innerHTML = html;
    const element = document.querySelector('[data-island="catalog/island/counter"]') as HTMLElement;
    const button = element.querySelector("button");
    const script = element.lastElementChild as HTMLScriptElement;
    const props = JSON.parse(script.textContent ?? "{}");
    // the host takes the props' element out before it hydrates
    script.remove();
    await act(async () => {
      hydrateRoot(element, CounterIsland.hydrationTree(props, null), {
        onRecoverableError: (error) => {
          throw error;
        },
      });
    });
    expect(element.querySelector("button")).toBe(button);
    await userEvent.click(button as HTMLButtonElement);
    expect(button?.textContent).toBe("Units 3");
  });

  it("in a page the browser renders itself, is just its component", () => {
    render(
      <SiteProvider value={TEST_SITE}>
        <CounterIsland start={5} label="Units" />
      </SiteProvider>,
    );
    expect(screen.getByRole("button").textContent).toBe("Units 5");
    expect(document.querySelector("fleet-island")).toBeNull();
  });

  it("shows a form sent without scripts again, to the form it belongs to, on the server and once hydrated", async () => {
    const form: SubmittedForm = {
      id: "leads:contact",
      values: { first_name: "Ann" },
      errors: { email: "Email is required" },
    };
    const { html } = await renderer.render(request(form));
    expect(html).toContain("<p>Ann: Email is required</p>");
    const element = new DOMParser()
      .parseFromString(html, "text/html")
      .querySelector('[data-island="leads/form-state"]');
    expect(JSON.parse(element?.getAttribute("data-form") ?? "null")).toEqual(form);
    render(FormIsland.hydrationTree({ id: "leads:contact" }, form));
    expect(screen.getByText("Ann: Email is required")).toBeTruthy();
    cleanup();
    render(FormIsland.hydrationTree({ id: "leads:quote" }, form));
    expect(screen.getByText("nothing sent")).toBeTruthy();
  });
});

describe("peer fragments", () => {
  it("leaves a slot with the consumer's fallback, and names the module and props for the host to include", async () => {
    const result = await renderer.render(request());
    expect(result.fragments).toEqual([{ slot: "0", from: "leads", module: "./vehicle-finder-form", props: {} }]);
    const { open, close } = fragmentSlotMarkers("0");
    const between = result.html.slice(result.html.indexOf(open) + open.length, result.html.indexOf(close));
    // the fallback a visitor sees when the form cannot be had: without scripts there is no Retry, only the phone
    expect(between).toContain("Our enquiry form can&#x27;t be shown right now. Call us at");
    expect(between).toContain('href="tel:+14035550140"');
    expect(between).not.toContain("Try the form again");
    expect(result.html).toContain('<fleet-fragment data-peer="leads/vehicle-finder-form" data-props="{}">');
  });

  it("renders an exposed module as a fragment, as its island; refuses one it does not expose", async () => {
    const form: SubmittedForm = {
      id: "leads:contact",
      values: { first_name: "Bo" },
      errors: { email: "Email is required" },
    };
    const { html, reusable } = await renderer.renderFragment({
      module: "./form-state",
      props: { id: "leads:contact" },
      site: TEST_SITE,
      path: "/inventory/vehicle/A1",
      form,
    });
    expect(html).toMatch(/^<fleet-island data-island="leads\/form-state"/);
    expect(html).toContain("<p>Bo: Email is required</p>");
    // one visitor's refused form is theirs alone; the same fragment without one may go in any page
    expect(reusable).toBe(false);
    const anyPage = await renderer.renderFragment({
      module: "./form-state",
      props: { id: "leads:contact" },
      site: TEST_SITE,
      path: "/inventory/vehicle/A1",
    });
    expect(anyPage.reusable).toBe(true);
    await expect(
      renderer.renderFragment({ module: "./routes", props: {}, site: TEST_SITE, path: "/x" }),
    ).rejects.toThrow("catalog exposes no fragment ./routes");
  });

  it("says which props the page gives a peer's form, and which of its own a form takes from the page", async () => {
    const unitPages = createRemoteRenderer({
      declaration: { name: "inventory", devPort: 0, routes: "./src/routes.tsx" },
      builtAt: "2026-01-01T00:00:00.000Z",
      routes: [{ path: "/unit", element: <UnitPage /> }],
      App: UnitPage,
    });
    const { fragments } = await unitPages.render({ ...request(), path: "/unit" });
    expect(fragments).toEqual([
      { slot: "0", from: "leads", module: "./unit-form", props: { stockNumber: "A1" }, pageGives: ["stockNumber"] },
    ]);
    const taking = await renderer.renderFragment({ module: "./unit-state", props: {}, site: TEST_SITE, path: "/" });
    expect(taking.takesFromPage).toEqual(["id"]);
    const notTaking = await renderer.renderFragment({
      module: "./form-state",
      props: { id: "leads:contact" },
      site: TEST_SITE,
      path: "/",
    });
    expect(notTaking.takesFromPage).toBeUndefined();
  });

  it("takes only the forms its remote owns", async () => {
    await expect(
      renderer.submitForm({
        fields: {},
        path: "/page",
        pageUrl: "https://x/page",
        clientIp: "1.2.3.4",
        site: TEST_SITE,
      }),
    ).rejects.toThrow("catalog takes no forms");
  });
});
