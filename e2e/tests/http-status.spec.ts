import { PUBLIC_SITE_URL, SITE_URL } from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

const get = (path: string) => fetch(`${SITE_URL}${path}`, { redirect: "manual" });

test.describe("HTTP as search engines expect", () => {
  test("an unknown path is a permanent redirect home, from the server", async () => {
    for (const path of ["/no/such/page", "/line-up/gm/a/b", "/inventory/vehicle"]) {
      const response = await get(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.get("location"), path).toBe("/");
    }
  });

  test("the old site's model id and a model under the wrong brand move permanently to the model's address", async () => {
    const legacy = await get("/line-up/isuzu/isuzu-fvr-diesel");
    expect(legacy.status).toBe(301);
    expect(legacy.headers.get("location")).toBe("/line-up/isuzu/isuzu-fvr-diesel-class-6");
    const wrongBrand = await get("/line-up/gm/isuzu-nrr-diesel");
    expect(wrongBrand.status).toBe(301);
    expect(wrongBrand.headers.get("location")).toBe("/line-up/isuzu/isuzu-nrr-diesel");
    expect((await get("/line-up/bmw")).headers.get("location")).toBe("/line-up/isuzu");
  });

  test("an unknown unit answers 404 with the no-longer-available page, and is kept out of the index", async ({
    page,
  }) => {
    const vehicle = await get("/inventory/vehicle/NOPE0000");
    expect(vehicle.status).toBe(404);
    const html = await vehicle.text();
    expect(html).toContain("This vehicle is no longer available");
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect((await get("/trailer-inventory/TR000000")).status).toBe(404);
    expect((await get("/line-up/isuzu/isuzu-xyz")).status).toBe(404);
    expect((await get("/contact/more-info/NOPE0000")).status).toBe(404);
    // the page itself still works in the browser, with a way back
    await page.goto("/inventory/vehicle/NOPE0000");
    await expect(page.getByRole("link", { name: "Back to the inventory search" })).toBeVisible();
  });

  test("pages with content answer 200, say how long a shared cache may keep them, and answer HEAD and revalidation", async () => {
    for (const path of ["/", "/inventory", "/contact", "/line-up/isuzu", "/services/alignments"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toContain("text/html");
      expect(response.headers.get("cache-control"), path).toMatch(
        /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
      );
      expect(response.headers.get("vary")?.toLowerCase(), path).toBe("accept-encoding");
      // monitors and link checkers that ask with HEAD get the page's own answer
      const head = await fetch(`${SITE_URL}${path}`, { method: "HEAD" });
      expect(head.status, path).toBe(200);
      expect(head.headers.get("content-type"), path).toContain("text/html");
      expect(await head.text(), path).toBe("");
      // a browser that has the page is told so, compressed or not
      const etag = response.headers.get("etag") ?? "";
      expect(etag, path).toMatch(/^W\//);
      const again = await fetch(`${SITE_URL}${path}`, { headers: { "if-none-match": etag } });
      expect(again.status, path).toBe(304);
    }
    // what shows units is kept briefly (and purged the moment a unit changes); the rest for an hour
    expect((await get("/inventory")).headers.get("cache-control")).toContain("s-maxage=300");
    expect((await get("/services/alignments")).headers.get("cache-control")).toContain("s-maxage=3600");
  });

  test("other methods are refused with what is allowed; files answer HEAD, compressed once at build time", async () => {
    const deleted = await fetch(`${SITE_URL}/contact`, { method: "DELETE" });
    expect(deleted.status).toBe(405);
    expect(deleted.headers.get("allow")).toBe("GET, HEAD, POST");
    const put = await fetch(`${SITE_URL}/favicon.svg`, { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD");
    expect((await fetch(`${SITE_URL}/favicon.svg`, { method: "HEAD" })).status).toBe(200);
    const manifest = (await (await get("/remotes/catalog/mf-manifest.json")).json()) as {
      exposes: { assets: { js: { sync: string[] } } }[];
    };
    const asset = `/remotes/catalog/${manifest.exposes[0]?.assets.js.sync[0]}`;
    for (const encoding of ["br", "gzip"]) {
      const file = await fetch(`${SITE_URL}${asset}`, { headers: { "accept-encoding": encoding } });
      expect(file.headers.get("content-encoding"), encoding).toBe(encoding);
      expect((await fetch(`${SITE_URL}${asset}`, { method: "HEAD" })).status).toBe(200);
    }
  });

  test("/sitemap.xml lists every route with content, every available vehicle and every trailer, with lastmod", async () => {
    const response = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)].map((m) => ({
      loc: m[1] ?? "",
      lastmod: m[2] ?? "",
    }));
    const paths = new Set(urls.map((u) => u.loc.replace(PUBLIC_SITE_URL, "")));
    for (const path of [
      "/",
      "/contact",
      "/line-up/isuzu",
      "/line-up/gm",
      "/line-up/isuzu/isuzu-nrr-ev",
      "/line-up/gm/gmc-sierra-2500hd",
      "/inventory",
      "/trailer-inventory",
      "/trailer-inventory/TR410281",
      "/get-financing",
      "/get-financing/form",
      "/service",
      "/parts",
      "/services/commercial-vehicle-inspection",
      "/services/aftermarket-equipment-installation",
      "/body-shop",
      "/body-shop-services/sand-blasting",
      "/sales-specials",
      "/parts-specials",
      "/service-specials",
      "/specials",
    ]) {
      expect(paths.has(path), path).toBe(true);
    }
    for (const { lastmod } of urls) expect(Number.isNaN(Date.parse(lastmod))).toBe(false);
    expect([...paths].filter((p) => p.startsWith("/line-up/") && p.split("/").length === 4)).toHaveLength(26);
    expect([...paths].filter((p) => p.startsWith("/trailer-inventory/"))).toHaveLength(13);
    // every unit for sale, and nothing else
    const all = (await (await fetch(`${SITE_URL}/api/inventory/all/?page_size=100`)).json()) as {
      size: number;
      vehicles: { stock_number: string }[];
    };
    const vehicles = [...paths].filter((p) => p.startsWith("/inventory/vehicle/"));
    expect(vehicles).toHaveLength(all.size);
    for (const v of all.vehicles) expect(paths.has(`/inventory/vehicle/${v.stock_number}`)).toBe(true);
    expect(urls).toHaveLength(paths.size);
  });

  test("/robots.txt names the sitemap", async () => {
    const robots = await (await get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${PUBLIC_SITE_URL}/sitemap.xml`);
    expect(robots).toMatch(/^User-agent: \*/m);
  });

  test("a remote's files are cached for a year when hashed, its manifest and entry revalidated, its renderer private", async () => {
    const manifest = await get("/remotes/catalog/mf-manifest.json");
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
    const entry = await get("/remotes/catalog/remoteEntry.js");
    expect(entry.headers.get("cache-control")).toBe("no-cache");
    const asset = ((await manifest.json()) as { exposes: { assets: { js: { sync: string[] } } }[] }).exposes[0]?.assets
      .js.sync[0];
    expect((await get(`/remotes/catalog/${asset}`)).headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
    const render = await fetch(`${SITE_URL}/remotes/catalog/render`, { method: "POST", body: "{}" });
    expect(render.status).toBe(404);
    for (const file of ["index.html", "mf-stats.json"]) {
      expect((await get(`/remotes/catalog/${file}`)).status, file).toBe(404);
    }
  });
});
