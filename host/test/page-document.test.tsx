// @vitest-environment node
import { TEST_SITE } from "remote-kit/testing";
import { describe, expect, it } from "vitest";
import { BOOT_ELEMENT_ID, composeDocument, type HostAssets } from "../src/server/page-document";
import { renderApp } from "../src/server/render-app";

describe("composing a page on the server", () => {
  it("puts the remote's HTML inside the region's Suspense boundary, where the browser hydrates it", () => {
    const html = renderApp(
      "/line-up/isuzu",
      TEST_SITE,
      { kind: "composed", remote: "catalog" },
      "<h1>Isuzu $& $1</h1>",
    );
    expect(html).toContain(
      '<div class="host-remote host-remote--catalog" data-remote="catalog"><!--$--><h1>Isuzu $& $1</h1><!--/$--></div>',
    );
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain("Parts Hours");
  });

  it("leaves the region to the browser when no server HTML could be had: the shell with its loading state", () => {
    const html = renderApp("/line-up/isuzu", TEST_SITE, { kind: "shell" });
    expect(html).toContain('data-remote="catalog"><div class="host-remote-loading" aria-busy="true">');
    expect(html).not.toContain("<!--$-->");
  });

  it("writes the head, the page's data and the boot of its code into the template", () => {
    const assets: HostAssets = {
      template:
        '<html><head><!--page-head--></head><body><div id="root"><!--app-html--></div><!--page-data--></body></html>',
      entry: "/assets/index-1.js",
      entryImports: ["/assets/runtime-1.js"],
      federationChunks: ["/assets/federation-1.js"],
    };
    const html = composeDocument(assets, {
      head: "<title>Isuzu</title>",
      styles: [".a{}</style><script>"],
      appHtml: "<main>page</main>",
      site: { ...TEST_SITE, composed: { remote: "catalog", path: "/line-up/isuzu" } },
      routeData: { remote: "catalog", payload: { path: "/line-up/isuzu", entries: { k: "</script>" } } },
      preload: { css: [], js: ["/remotes/catalog/remoteEntry.js"] },
    });
    expect(html).toContain("<title>Isuzu</title>");
    expect(html).toContain("<style>.a{}<\\/style><script></style>");
    expect(html).toContain('<div id="root"><main>page</main></div>');
    expect(html).toContain(
      '<script type="application/json" id="fleet-data-catalog">{"path":"/line-up/isuzu","entries":{"k":"\\u003c/script\\u003e"}}</script>',
    );
    const boot = JSON.parse(html.match(new RegExp(`id="${BOOT_ELEMENT_ID}">([^<]*)<`))?.[1] ?? "{}");
    expect(boot).toEqual({
      entry: "/assets/index-1.js",
      preload: ["/assets/runtime-1.js", "/remotes/catalog/remoteEntry.js"],
    });
  });
});
