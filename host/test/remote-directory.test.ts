// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SPLIT_ANSWER_TYPE } from "remote-kit/protocol";
import { SIGNATURE_HEADER, SignatureVerifier } from "remote-kit/server";
import { TEST_SITE } from "remote-kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OwnerUnknown, RemoteDirectory } from "../src/server/remote-directory";

/** A remote's server as the host sees it: a manifest naming its renderer, a stylesheet, and a renderer. */
let renderBehaviour: "ok" | "fail" = "ok";
let renderCalls = 0;
let renderSignatures: { signature: string | undefined; body: string; encoding?: string }[] = [];
const RENDER_SECRET = "host-test-render-secret-0123456789abcdef";
let slowRenderAbandoned = false;
let origin = "";
const server: Server = createServer((req, res) => {
  if (req.url === "/mf-manifest.json") {
    res.setHeader("content-type", "application/json");
    res.end(
      JSON.stringify({
        metaData: {
          remoteEntry: { name: "remoteEntry.js", path: "" },
          server: {
            protocol: 2,
            render: "render",
            fragment: "fragment",
            form: "form",
            sitemap: "sitemap.json",
            data: {},
            routes: [
              "/line-up/:brand",
              "/line-up/:brand/:model",
              "/line-up/compare",
              "/Fleet/Contact/",
              "/specials/:id?",
              "/parts/*",
            ],
          },
        },
        exposes: [
          { name: "routes", assets: { js: { sync: ["assets/routes-1.js"] }, css: { sync: ["assets/routes-1.css"] } } },
        ],
      }),
    );
  } else if (req.url === "/slow/mf-manifest.json") {
    res.end(
      JSON.stringify({ metaData: { server: { protocol: 2, render: "render", sitemap: "sitemap.json", data: {} } } }),
    );
  } else if (req.url === "/slow/render") {
    // never answers: tells when the host gave up on it
    req.on("close", () => {
      slowRenderAbandoned = true;
    });
  } else if (req.url === "/elsewhere/mf-manifest.json") {
    // a manifest that would send the host's renderer calls and style reads to another address
    res.end(
      JSON.stringify({
        metaData: { server: { protocol: 2, render: "http://169.254.169.254/render", sitemap: "s.json", data: {} } },
      }),
    );
  } else if (req.url === "/odd/mf-manifest.json") {
    res.end(JSON.stringify({ metaData: { server: { protocol: 2, render: "render", sitemap: "s.json", data: {} } } }));
  } else if (req.url === "/odd/render") {
    // an answer outside the protocol: a status that is no status, HTML that is not text
    res.end(JSON.stringify({ status: "ok", html: 5, head: {}, data: {}, links: [] }));
  } else if (req.url === "/split/mf-manifest.json") {
    res.end(JSON.stringify({ metaData: { server: { protocol: 2, render: "render", sitemap: "s.json", data: {} } } }));
  } else if (req.url === "/split/render") {
    // a release that sends its HTML as it is, after its answer's other fields, to a host that asks for it
    if (!String(req.headers.accept).includes(SPLIT_ANSWER_TYPE)) res.writeHead(406).end();
    else {
      res.setHeader("content-type", SPLIT_ANSWER_TYPE);
      res.end(
        `${JSON.stringify({ status: 200, head: { title: "Isuzu" }, data: { path: "/line-up/isuzu", entries: {} }, links: [] })}\n<h1 class="x">Isuzu\n"NRR"</h1>`,
      );
    }
  } else if (req.url === "/huge/mf-manifest.json" || req.url === "/told/mf-manifest.json") {
    res.end(JSON.stringify({ metaData: { server: { protocol: 2, render: "render", sitemap: "s.json", data: {} } } }));
  } else if (req.url === "/huge/render") {
    // more than a page could ever be, sent without saying its length
    const chunk = "x".repeat(1024 * 1024);
    for (let i = 0; i < 9; i++) res.write(chunk);
    res.end();
  } else if (req.url === "/told/render") {
    res.setHeader("content-length", String(9 * 1024 * 1024));
    res.write("{");
  } else if (req.url === "/old/mf-manifest.json") {
    res.end(JSON.stringify({ metaData: {}, exposes: [] }));
  } else if (req.url === "/assets/routes-1.css") {
    res.end(".catalog-page{margin:0}");
  } else if (req.url === "/render") {
    renderCalls += 1;
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () =>
      renderSignatures.push({
        signature: req.headers[SIGNATURE_HEADER] as string,
        body,
        encoding: String(req.headers["accept-encoding"]),
      }),
    );
    if (renderBehaviour === "fail") res.writeHead(500).end("{}");
    else
      res.end(
        JSON.stringify({
          status: 200,
          html: "<h1>Isuzu</h1>",
          head: { title: "Isuzu" },
          data: { path: "/line-up/isuzu", entries: {} },
          links: [],
        }),
      );
  } else {
    res.writeHead(404).end();
  }
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const configOf = (config: Record<string, string>) =>
  ({ catalog: "", inventory: "", service: "", leads: "", ...config }) as never;
const directory = () =>
  new RemoteDirectory({
    remoteOrigins: { catalog: origin, inventory: origin, service: origin, leads: origin },
    selfOrigin: "http://localhost:4173",
    breakerResetMs: 60_000,
    renderSecret: RENDER_SECRET,
  });
const deadline = () => AbortSignal.timeout(1000);
/** Resolves the remote and calls its renderer, as the page composer does. */
async function render(d: RemoteDirectory, config: Record<string, string>, path = "/line-up/isuzu") {
  const remote = await d.resolve("catalog", configOf(config), deadline());
  const result = await d.call(
    remote,
    "render",
    { path, site: TEST_SITE, remoteBase: remote.browserBase, peers: {} },
    deadline(),
  );
  return { remote, result };
}
/** The remote whose manifest declares the path, as the page composer asks. */
const ownerOf = async (d: RemoteDirectory, path: string, config: ReturnType<typeof configOf>) =>
  (await d.pageOf(path, config, deadline()))?.remote ?? null;

describe("the host's directory of remotes", () => {
  it("reaches a remote behind its own proxy directly, and any other address as configured", () => {
    const d = directory();
    expect(d.serverUrlOf("catalog", "/remotes/catalog/mf-manifest.json")).toBe(`${origin}/mf-manifest.json`);
    expect(d.serverUrlOf("catalog", "https://cdn.example/catalog/v7/mf-manifest.json")).toBe(
      "https://cdn.example/catalog/v7/mf-manifest.json",
    );
    expect(d.serverUrlOf("catalog", "/elsewhere/mf-manifest.json")).toBe(
      "http://localhost:4173/elsewhere/mf-manifest.json",
    );
  });

  it("finds the renderer through the remote's manifest and renders, with the remote's files for the browser", async () => {
    const d = directory();
    const { remote, result } = await render(d, { catalog: "/remotes/catalog/mf-manifest.json" });
    expect(result.html).toBe("<h1>Isuzu</h1>");
    expect(d.moduleAssets(remote, "./routes")).toEqual({
      css: ["/remotes/catalog/assets/routes-1.css"],
      js: ["/remotes/catalog/remoteEntry.js", "/remotes/catalog/assets/routes-1.js"],
    });
    expect(await d.moduleStyles(remote, "./routes", deadline())).toEqual([".catalog-page{margin:0}"]);
  });

  it("reads a renderer's HTML sent as it is after the answer's other fields, and an answer sent as JSON", async () => {
    const { result } = await render(directory(), { catalog: `${origin}/split/mf-manifest.json` });
    expect(result).toMatchObject({ status: 200, head: { title: "Isuzu" }, html: '<h1 class="x">Isuzu\n"NRR"</h1>' });
    // an answer without HTML (a form's outcome) is JSON: the host reads JSON from any endpoint
    expect((await render(directory(), { catalog: "/remotes/catalog/mf-manifest.json" })).result.html).toBe(
      "<h1>Isuzu</h1>",
    );
  });

  it("names a remote's files by its configured address when it lives on another origin", async () => {
    const d = directory();
    const remote = await d.resolve("catalog", configOf({ catalog: `${origin}/mf-manifest.json` }), deadline());
    expect(d.moduleAssets(remote, "./routes").js[0]).toBe(`${origin}/remoteEntry.js`);
  });

  it("signs every render request, so the remote can tell it came from this host", async () => {
    renderSignatures = [];
    await render(directory(), { catalog: "/remotes/catalog/mf-manifest.json" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [sent] = renderSignatures;
    expect(sent?.signature).toMatch(/^t=\d+,n=[\w-]+,v1=[0-9a-f]{64}$/);
    const verifier = new SignatureVerifier([RENDER_SECRET]);
    expect(verifier.verify(sent?.signature, "render", sent?.body ?? "")).toEqual({ ok: true });
    // the answer comes over the machine's own network: not compressed, which would cost both ends
    expect(sent?.encoding).toBe("identity");
  });

  it("follows a manifest only to its own origin: a renderer named elsewhere is not called", async () => {
    await expect(render(directory(), { catalog: `${origin}/elsewhere/mf-manifest.json` })).rejects.toThrow(
      /not its own origin/,
    );
  });

  it("sends a path to the remote whose manifest declares it: a page a team adds is served with no host release", async () => {
    const d = directory();
    const config = configOf({
      catalog: "/remotes/catalog/mf-manifest.json",
      inventory: `${origin}/old/mf-manifest.json`,
      service: "http://127.0.0.1:9/mf-manifest.json",
      leads: "http://127.0.0.1:9/mf-manifest.json",
    });
    expect(await ownerOf(d, "/line-up/compare", config)).toBe("catalog");
    expect(await ownerOf(d, "/line-up/isuzu/nrr", config)).toBe("catalog");
    // as react-router matches: any case, a trailing slash or none, an optional segment, a splat
    for (const path of ["/fleet/contact", "/FLEET/contact/", "/specials", "/specials/7", "/parts/a/b", "/parts"])
      expect(await ownerOf(d, path, config)).toBe("catalog");
    // the host keeps no table of anyone's paths: a build that declares none answers none
    // while a remote that cannot be reached has never said which paths are its, no path is called nobody's
    await expect(ownerOf(d, "/contact", config)).rejects.toThrow(OwnerUnknown);
    await expect(ownerOf(d, "/nowhere", config)).rejects.toThrow(/service, leads cannot be reached/);
    const reachable = configOf({
      catalog: "/remotes/catalog/mf-manifest.json",
      inventory: `${origin}/old/mf-manifest.json`,
      service: `${origin}/old/mf-manifest.json`,
      leads: `${origin}/old/mf-manifest.json`,
    });
    expect(await ownerOf(d, "/inventory/vehicle/A1", reachable)).toBeNull();
    expect(await ownerOf(d, "/nowhere", reachable)).toBeNull();
  });

  it("keeps a remote's paths once it has declared them: when it cannot be reached, its page falls back", async () => {
    const d = directory();
    const up = configOf({ catalog: "/remotes/catalog/mf-manifest.json" });
    expect(await ownerOf(d, "/line-up/compare", up)).toBe("catalog");
    const down = configOf({ catalog: "http://127.0.0.1:9/mf-manifest.json" });
    expect(await ownerOf(d, "/line-up/compare", down)).toBe("catalog");
  });

  it("puts nothing of an answer outside the protocol into a page: the page falls back", async () => {
    await expect(render(directory(), { catalog: `${origin}/odd/mf-manifest.json` })).rejects.toThrow(
      /outside the protocol: status/,
    );
  });

  it("reads no more of an answer than a page could be, whether its length is told or found out", async () => {
    await expect(render(directory(), { catalog: `${origin}/huge/mf-manifest.json` })).rejects.toThrow(
      /over the 8388608/,
    );
    await expect(render(directory(), { catalog: `${origin}/told/mf-manifest.json` })).rejects.toThrow(
      /over the 8388608/,
    );
  });

  it("refuses a remote whose manifest names no renderer (an older build): the page falls back", async () => {
    const d = directory();
    await expect(render(d, { catalog: `${origin}/old/mf-manifest.json` })).rejects.toThrow(/names no render/);
  });

  it("stops calling a renderer that keeps failing, so a page no longer waits for it", async () => {
    const d = directory();
    const config = { catalog: "/remotes/catalog/mf-manifest.json" };
    renderBehaviour = "fail";
    renderCalls = 0;
    for (let i = 0; i < 2; i += 1) {
      await expect(render(d, config)).rejects.toThrow(/answered 500/);
    }
    const before = renderCalls;
    await expect(render(d, config)).rejects.toThrow(/open/i);
    expect(renderCalls).toBe(before);
    renderBehaviour = "ok";
  });

  it("tells a renderer the page gave up on it: its request is aborted at the page's deadline", async () => {
    const d = directory();
    const remote = await d.resolve("catalog", configOf({ catalog: `${origin}/slow/mf-manifest.json` }), deadline());
    const started = Date.now();
    await expect(
      d.call(remote, "render", { path: "/x", site: TEST_SITE, remoteBase: "", peers: {} }, AbortSignal.timeout(150)),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1000);
    await expect.poll(() => slowRenderAbandoned, { timeout: 2000 }).toBe(true);
  });
});
