// @vitest-environment node
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { type FragmentRequest, fragmentSlotMarkers } from "remote-kit/protocol";
import { TEST_SITE } from "remote-kit/testing";
import { DYNAMIC_COMPRESSION } from "server-kit";
import { CACHE_TAGS } from "shared-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEPT_COMPRESSION } from "../src/server/encoded-body";
import { FragmentCache } from "../src/server/fragment-cache";
import { originOf } from "./fake-host-build";
import { testHostServer } from "./test-config";

const COUNT_LINK = '<a href="/fleet-quote">Your fleet quote</a>';

describe("a peer's fragment in pages made anew", () => {
  let leads: FastifyInstance;
  let api: FastifyInstance;
  let host: FastifyInstance;
  const fragmentCalls: FragmentRequest[] = [];
  let reusable = true;
  let fragmentFails = false;
  /** Whether team leads' unit form says it takes its unit from the page (FragmentResult.takesFromPage). */
  let takesUnitFromPage = false;

  beforeAll(async () => {
    // stands in for the API (the dealership's details) and for team leads' server: two pages that each include the
    // same fragment of its own (a page's remote and the fragment's are the same here: the host makes no difference)
    api = Fastify();
    api.get("/api/business-details", async () => TEST_SITE.business);
    await api.listen({ port: 0, host: "127.0.0.1" });
    leads = Fastify();
    leads.get("/mf-manifest.json", async () => ({
      metaData: {
        server: {
          protocol: 2,
          render: "render",
          fragment: "fragment",
          form: "form",
          sitemap: "sitemap.json",
          data: {},
          routes: ["/contact", "/fleet-quote"],
          pages: [
            { path: "/contact", query: ["n", "unit"] },
            { path: "/fleet-quote", query: [] },
          ],
        },
      },
      exposes: [],
    }));
    leads.post("/render", async (request) => {
      const { path } = request.body as { path: string };
      const unit = new URL(path, "http://x").searchParams.get("unit");
      const { open, close } = fragmentSlotMarkers(unit ? "unit" : "count");
      return {
        status: 200,
        html: `<h1>${path}</h1>${open}<a href="/fleet-quote">Fleet quote</a>${close}`,
        head: { title: "Contact" },
        fragments: [
          unit
            ? { slot: "unit", from: "leads", module: "./unit-form", props: { stock: unit }, pageGives: ["stock"] }
            : { slot: "count", from: "leads", module: "./fleet-quote-count", props: {} },
        ],
        cacheTags: [CACHE_TAGS.site],
      };
    });
    leads.post("/fragment", async (request, reply) => {
      const asked = request.body as FragmentRequest;
      fragmentCalls.push(asked);
      if (fragmentFails) return reply.code(500).send({ error: "Render Failed", message: "down" });
      if (asked.module === "./unit-form")
        return {
          html: `<form id="unit-form">${asked.props.stock ?? "the page's unit"}</form>`,
          reusable: true,
          ...(takesUnitFromPage ? { takesFromPage: ["stock"] } : {}),
        };
      return { html: COUNT_LINK, cacheTags: [CACHE_TAGS.promotions], reusable };
    });
    await leads.listen({ port: 0, host: "127.0.0.1" });
    host = await testHostServer(originOf(api), { leads: originOf(leads) }, { FOLLOW_CHANGES: "off" });
  });
  afterAll(async () => {
    await host.close();
    await leads.close();
    await api.close();
  });

  it("is asked for once while its remote says it is the same on any page, and again once purged", async () => {
    fragmentCalls.length = 0;
    reusable = true;
    for (const n of [1, 2, 3]) {
      const page = await host.inject(`/contact?n=${n}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<h1>/contact?n=${n}</h1>`);
      expect(page.body).toContain(COUNT_LINK);
    }
    expect(fragmentCalls.map((call) => call.path)).toEqual(["/contact?n=1"]);
    // what the fragment shows changed: the next page asks again
    host.host.composer.fragments.purge([CACHE_TAGS.promotions]);
    expect((await host.inject("/contact?n=4")).body).toContain(COUNT_LINK);
    expect(fragmentCalls.map((call) => call.path)).toEqual(["/contact?n=1", "/contact?n=4"]);
  });

  it("is asked for on every page when its remote does not say so", async () => {
    host.host.composer.fragments.purge([CACHE_TAGS.promotions]);
    fragmentCalls.length = 0;
    reusable = false;
    for (const n of [5, 6]) expect((await host.inject(`/contact?n=${n}`)).body).toContain(COUNT_LINK);
    expect(fragmentCalls.map((call) => call.path)).toEqual(["/contact?n=5", "/contact?n=6"]);
    reusable = true;
  });

  it("is asked for without what the page gives it once its remote says it takes that from the page", async () => {
    fragmentCalls.length = 0;
    const unitPage = async (unit: string) => (await host.inject(`/contact?unit=${unit}`)).body;
    // a release of the form that carries the unit itself: asked for each unit with it
    expect(await unitPage("A1")).toContain('<form id="unit-form">A1</form>');
    expect(await unitPage("B2")).toContain('<form id="unit-form">B2</form>');
    takesUnitFromPage = true;
    // one that takes it from the page: said so with this unit's form, then one form for every unit's page
    expect(await unitPage("C3")).toContain('<form id="unit-form">C3</form>');
    for (const unit of ["D4", "E5", "F6"]) expect(await unitPage(unit)).toContain("the page's unit</form>");
    expect(fragmentCalls.map((call) => call.props)).toEqual([{ stock: "A1" }, { stock: "B2" }, { stock: "C3" }, {}]);
    takesUnitFromPage = false;
  });

  it("is left to the browser when its remote cannot render it, and that page is kept only briefly", async () => {
    host.host.composer.fragments.purge([CACHE_TAGS.promotions]);
    fragmentFails = true;
    const page = await host.inject("/contact?n=7");
    fragmentFails = false;
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(COUNT_LINK);
    expect(page.body).toContain("Fleet quote</a>");
    expect(page.headers["cache-control"]).toBe("public, max-age=0, s-maxage=5");
    // the next page made has it again, and is kept as long as any
    const next = await host.inject("/contact?n=8");
    expect(next.body).toContain(COUNT_LINK);
    expect(next.headers["cache-control"]).toContain("s-maxage=3600");
  });

  it("sends a page made for a request compressed quickly, and smaller once it is served again from the cache", async () => {
    const made = await host.inject({ url: "/contact?n=20", headers: { "accept-encoding": "br" } });
    const html = brotliDecompressSync(made.rawPayload);
    const at = (quality: number) =>
      brotliCompressSync(html, {
        params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: html.length },
      });
    const dynamicQuality = Number(DYNAMIC_COMPRESSION.brotliOptions.params[constants.BROTLI_PARAM_QUALITY]);
    // the two settings give this page different bytes: which one was sent is told apart
    expect(at(dynamicQuality).equals(at(KEPT_COMPRESSION.brotliQuality))).toBe(false);
    expect(made.rawPayload.equals(at(dynamicQuality))).toBe(true);
    const again = await host.inject({ url: "/contact?n=20", headers: { "accept-encoding": "br" } });
    expect(again.headers.age).toBeDefined();
    expect(again.rawPayload.equals(at(KEPT_COMPRESSION.brotliQuality))).toBe(true);
    expect(brotliDecompressSync(again.rawPayload).equals(html)).toBe(true);
    const gzipped = await host.inject({ url: "/contact?n=20", headers: { "accept-encoding": "gzip" } });
    expect(gzipped.rawPayload.equals(gzipSync(html, { level: KEPT_COMPRESSION.gzipLevel }))).toBe(true);
  });

  it("sends a page compressed as the browser asks, the same page in each encoding", async () => {
    const plain = await host.inject({ url: "/fleet-quote", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const brotli = await host.inject({ url: "/fleet-quote", headers: { "accept-encoding": "gzip, br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await host.inject({ url: "/fleet-quote", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    for (const answer of [plain, brotli, gzip]) {
      expect(answer.headers.vary).toBe("accept-encoding");
      expect(answer.headers.etag).toBe(plain.headers.etag);
    }
    // a browser that has it gets a 304 in any encoding
    const again = await host.inject({
      url: "/fleet-quote",
      headers: { "accept-encoding": "br", "if-none-match": String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe("the fragments kept for the next page", () => {
  const site = { siteUrl: "https://summitheavyfleet.ca", business: { name: "Summit" } };
  const part = (build: string, props: unknown = {}) => ({ build, site, module: "./count", props });
  const answer =
    (html: string, reusable = true, cacheTags: string[] = []) =>
    async () => ({
      html,
      reusable,
      cacheTags,
    });

  it("keeps one per build, site, module and props; one ask for all who want it at the same time", async () => {
    const cache = new FragmentCache();
    const build = "build-1";
    let asks = 0;
    const ask = async () => {
      asks++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { html: "<a>1</a>", reusable: true };
    };
    await Promise.all([cache.get(part(build), ask), cache.get(part(build), ask)]);
    expect(asks).toBe(1);
    expect((await cache.get(part(build), answer("<a>other</a>"))).html).toBe("<a>1</a>");
    // other props, another build (a new manifest), other details of the dealership: asked anew
    expect((await cache.get(part(build, { stock: "A1" }), answer("<a>A1</a>"))).html).toBe("<a>A1</a>");
    expect((await cache.get(part("build-2"), answer("<a>new build</a>"))).html).toBe("<a>new build</a>");
    const changedSite = { ...part(build), site: { ...site, business: { name: "Summit" } } };
    expect((await cache.get(changedSite, answer("<a>new details</a>"))).html).toBe("<a>new details</a>");
  });

  it("keeps nothing its remote did not say is reusable, nothing that failed, nothing asked for across a purge", async () => {
    const cache = new FragmentCache();
    const build = "build-1";
    await cache.get(part(build), answer("<a>visitor's</a>", false));
    expect((await cache.get(part(build), answer("<a>next</a>"))).html).toBe("<a>next</a>");
    expect(cache.size).toBe(1);

    const failing = new FragmentCache();
    await expect(failing.get(part(build), () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect((await failing.get(part(build), answer("<a>back</a>"))).html).toBe("<a>back</a>");

    const purged = new FragmentCache();
    let release: () => void = () => undefined;
    const slow = purged.get(part(build), async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { html: "<a>before the change</a>", reusable: true, cacheTags: ["site"] };
    });
    purged.purge(["inventory"]);
    release();
    expect((await slow).html).toBe("<a>before the change</a>");
    expect(purged.size).toBe(0);
  });

  it("drops what shows a purged tag and keeps the rest", async () => {
    const cache = new FragmentCache();
    const build = "build-1";
    await cache.get(part(build, { n: 1 }), answer("<a>unit</a>", true, ["unit:A1"]));
    await cache.get(part(build, { n: 2 }), answer("<a>other</a>", true, ["unit:B2"]));
    cache.purge(["unit:A1"]);
    expect(cache.size).toBe(1);
    expect((await cache.get(part(build, { n: 2 }), answer("<a>asked again</a>"))).html).toBe("<a>other</a>");
  });

  it("leaves out of a fragment's props only what the page gives and the fragment's build takes from the page", async () => {
    const cache = new FragmentCache();
    const build = "build-1";
    const include = { module: "./count", props: { stock: "A1", make: "Isuzu" }, pageGives: ["stock"] };
    // nothing heard from this build yet: every prop
    expect(cache.propsFor(build, include)).toEqual(include.props);
    await cache.get(part(build, include.props), async () => ({
      html: "<form></form>",
      reusable: true,
      takesFromPage: ["stock", "make"],
    }));
    expect(cache.propsFor(build, include)).toEqual({ make: "Isuzu" });
    // a page that gives nothing, another build, another module: every prop
    expect(cache.propsFor(build, { ...include, pageGives: undefined })).toEqual(include.props);
    expect(cache.propsFor("build-2", include)).toEqual(include.props);
    expect(cache.propsFor(build, { ...include, module: "./other" })).toEqual(include.props);
  });

  it("forgets a fragment after its time", async () => {
    const cache = new FragmentCache({ maxAgeMs: 20 });
    const build = "build-1";
    await cache.get(part(build), answer("<a>old</a>"));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect((await cache.get(part(build), answer("<a>fresh</a>"))).html).toBe("<a>fresh</a>");
  });
});
