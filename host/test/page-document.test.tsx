import { NATIVE_SUBMIT_ATTRIBUTE } from "remote-kit/protocol";
import { TEST_SITE } from "remote-kit/testing";
import { describe, expect, it } from "vitest";
import { BOOT_ELEMENT_ID, guardNativeSubmits } from "../src/server/boot-script";
import { composeDocument, documentBytes, type HostAssets, templatePieces } from "../src/server/page-document";
import { renderApp } from "../src/server/render-app";

describe("composing a page on the server", () => {
  it("puts the remote's HTML in its region as it is: a page of islands, never hydrated as a whole", () => {
    const html = renderApp("/line-up/isuzu", TEST_SITE, { mode: "islands", remote: "catalog" }, "<h1>Isuzu $& $1</h1>");
    expect(html).toContain(
      '<div class="host-remote host-remote--catalog" data-remote="catalog" data-region="islands"><h1>Isuzu $& $1</h1></div>',
    );
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain("Parts Hours");
    // the shell's own interactive part is an island: the menu, with the page it is on
    expect(html).toMatch(/<fleet-island data-island="host\/nav" data-hydrate="interaction">/);
    expect(html).toContain(
      '<script type="application/json" data-island-props="">{"current":["/line-up/isuzu"]}</script>',
    );
  });

  it("leaves the region to the browser when no server HTML could be had: the shell with its loading state", () => {
    const html = renderApp("/line-up/isuzu", TEST_SITE, { mode: "browser", remote: "catalog" });
    expect(html).toContain('data-region="browser"><div class="host-remote-loading" aria-busy="true">');
    expect(html).not.toContain("<!--$-->");
  });

  it("writes the head, the page's data and the boot of its code into the template", () => {
    const assets: HostAssets = {
      pieces: templatePieces(
        '<html><head><!--page-head--></head><body><div id="root"><!--app-html--></div><!--page-data--></body></html>',
      ),
      entry: "/assets/index-1.js",
      entryImports: ["/assets/runtime-1.js"],
      federationChunks: ["/assets/federation-1.js"],
      islandChunks: {},
      templateStyles: [],
    };
    const html = documentBytes(
      composeDocument(assets, {
        head: "<title>Isuzu</title>",
        styles: [".a{}</style><script>"],
        appHtml: "<main>page</main>",
        site: { ...TEST_SITE, composed: { remote: "catalog", path: "/line-up/isuzu" } },
        code: {
          eager: ["/remotes/catalog/remoteEntry.js"],
          islands: { "leads/contact-form": ["/assets/federation-1.js", "/remotes/leads/assets/contact-form-1.js"] },
          styles: { "leads/contact-form": ["/remotes/leads/assets/leads-1.css"] },
        },
      }),
    ).toString("utf8");
    expect(html).toContain("<title>Isuzu</title>");
    expect(html).toContain("<style>.a{}<\\/style><script></style>");
    expect(html).toContain('<div id="root"><main>page</main></div>');
    const boot = JSON.parse(html.match(new RegExp(`id="${BOOT_ELEMENT_ID}">([^<]*)<`))?.[1] ?? "{}");
    expect(boot).toEqual({
      entry: "/assets/index-1.js",
      runtime: ["/assets/runtime-1.js"],
      eager: ["/remotes/catalog/remoteEntry.js"],
      islands: { "leads/contact-form": ["/assets/federation-1.js", "/remotes/leads/assets/contact-form-1.js"] },
      styles: { "leads/contact-form": ["/remotes/leads/assets/leads-1.css"] },
    });
  });

  it("writes each part once, where its marker was, whatever the parts hold, as the same UTF-8 as the page joined", () => {
    const assets: HostAssets = {
      pieces: templatePieces("<head><!--page-head--></head><body><!--app-html--><!--page-data--></body>"),
      entry: "",
      entryImports: [],
      federationChunks: [],
      islandChunks: {},
      templateStyles: [],
    };
    // a head that holds another marker's text, and an app bigger than one V8 string of the young generation
    const appHtml = `<main>${"LTZ · New · Pickup — © 2026 ".repeat(6000)}</main>`;
    const pieces = composeDocument(assets, {
      head: "<title>The <!--app-html--> marker</title>",
      appHtml,
      site: { ...TEST_SITE, composed: null },
    });
    const bytes = documentBytes(pieces);
    expect(bytes.equals(Buffer.from(pieces.join(""), "utf8"))).toBe(true);
    const html = bytes.toString("utf8");
    expect(html).toContain("<head><title>The <!--app-html--> marker</title></head><body><main>LTZ · New");
    expect(html.split(appHtml)).toHaveLength(2);
  });
});

describe("the page's boot script", () => {
  it("marks a form the browser sends itself, lets it go once, and never again until the page is shown anew", () => {
    document.body.innerHTML = `<script type="application/json" id="${BOOT_ELEMENT_ID}">{"entry":"data:text/javascript,","preload":[]}</script><form><button>Send</button></form>`;
    guardNativeSubmits(NATIVE_SUBMIT_ATTRIBUTE);
    const form = document.querySelector("form") as HTMLFormElement;
    const first = new Event("submit", { bubbles: true, cancelable: true });
    form.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(false);
    expect(form.hasAttribute(NATIVE_SUBMIT_ATTRIBUTE)).toBe(true);
    const second = new Event("submit", { bubbles: true, cancelable: true });
    form.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(true);
  });

  it("leaves a form its code took over alone", () => {
    document.body.innerHTML = "<form><button>Send</button></form>";
    guardNativeSubmits(NATIVE_SUBMIT_ATTRIBUTE);
    const form = document.querySelector("form") as HTMLFormElement;
    form.addEventListener("submit", (event) => event.preventDefault());
    form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    expect(form.hasAttribute(NATIVE_SUBMIT_ATTRIBUTE)).toBe(false);
  });
});
