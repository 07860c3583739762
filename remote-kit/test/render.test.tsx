import Fastify, { type FastifyInstance } from "fastify";
import { useParams } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod/mini";
import { type ApiRefusal, defineApiClient } from "../src/api-client";
import {
  defineResource,
  HttpStatus,
  lazyPage,
  Redirect,
  type RemoteRoute,
  RemoteRoutes,
  usePageHead,
  useResource,
  useStableValue,
} from "../src/index";
import { createRemoteRenderer } from "../src/render/index";
import { TEST_SITE } from "../src/testing";

const units = vi.fn(async (make: string) => [`${make} NRR`, `${make} NPR`]);
const unitsResource = defineResource("test:units", units);
const flakyResource = defineResource("test:flaky", async () => {
  throw new Error("API down");
});

function UnitsPage() {
  const list = useResource(unitsResource, "Isuzu");
  const seed = useStableValue("test:seed", () => 42);
  usePageHead({ title: "Isuzu units", canonical: "/units" });
  if (list.status !== "done") return <p>Loading...</p>;
  return (
    <ul data-seed={seed}>
      {list.value.map((u) => (
        <li key={u}>{u}</li>
      ))}
    </ul>
  );
}

function OptionalPage() {
  const extra = useResource(flakyResource);
  return <p>{extra.status}</p>;
}

/** An extra that is there at once, or never arrives (a similar-units call that hangs). */
const extrasResource = defineResource("test:extras", (when: string) =>
  when === "now" ? Promise.resolve(["NRR"]) : new Promise<string[]>(() => {}),
);
function ExtrasPage() {
  const extras = useResource(extrasResource, "now");
  const late = useResource(extrasResource, "never");
  return (
    <p>
      {extras.status}/{late.status}
    </p>
  );
}

const LazyAbout = lazyPage(async () => () => <h1>About, loaded lazily</h1>);

const ROUTES: RemoteRoute[] = [
  {
    path: "/units",
    element: <UnitsPage />,
    load: ({ preload, value }) => {
      value("test:seed", () => 42);
      return preload(unitsResource, "Isuzu").then(() => undefined);
    },
  },
  {
    path: "/units/:id",
    element: (
      <>
        <HttpStatus code={404} />
        <h1>No such unit</h1>
      </>
    ),
  },
  { path: "/old", element: <Redirect to="/units" /> },
  { path: "/optional", element: <OptionalPage />, load: ({ preload }) => void preload(flakyResource).catch(() => {}) },
  { path: "/required", element: <OptionalPage />, load: async ({ preload }) => void (await preload(flakyResource)) },
  { path: "/about", element: LazyAbout },
  {
    path: "/extras/:when",
    element: <ExtrasPage />,
    load: ({ params, preloadOptional }) => preloadOptional(extrasResource, params.when ?? ""),
  },
];

const App = () => <RemoteRoutes remote="catalog" routes={ROUTES} />;
const renderer = createRemoteRenderer({
  declaration: { name: "catalog", devPort: 0, routes: "./src/routes.tsx" },
  builtAt: "2026-01-01T00:00:00.000Z",
  routes: ROUTES,
  App,
});
const request = (path: string) => ({ path, site: TEST_SITE, remoteBase: "/remotes/catalog/", peers: {} });

describe("a remote's renderer", () => {
  it("renders a page with the data its loader fetched and reports the page's head, handing none of the data over", async () => {
    const result = await renderer.render(request("/units?x=1"));
    expect(result.status).toBe(200);
    expect(result.html).toBe('<ul data-seed="42"><li>Isuzu NRR</li><li>Isuzu NPR</li></ul>');
    expect(result.head).toEqual({ title: "Isuzu units", canonical: "/units" });
    // its data stays in its renderer: the answer carries the HTML and what the host composes the page with
    expect(Object.keys(result).sort()).toEqual(["cacheTags", "fragments", "head", "html", "status", "timings"]);
    // where its time went, for the page's Server-Timing: its data, then React
    expect(result.timings?.map((timing) => timing.name)).toEqual(["data", "react"]);
    expect(result.timings?.every((timing) => timing.dur >= 0)).toBe(true);
  });

  it("answers the status a page states, and a redirect with its location", async () => {
    expect((await renderer.render(request("/units/U1"))).status).toBe(404);
    const moved = await renderer.render(request("/old"));
    expect([moved.status, moved.location, moved.html]).toEqual([301, "/units", ""]);
  });

  it("renders an optional resource that failed as failed (the server's HTML is final); a required one fails", async () => {
    expect((await renderer.render(request("/optional"))).html).toBe("<p>failed</p>");
    await expect(renderer.render(request("/required"))).rejects.toThrow("API down");
  });

  it("never lets an optional extra hold the page: one that is in time is in it, one that never comes is not", async () => {
    const quick = await renderer.render(request("/extras/now"));
    expect(quick.html).toBe("<p>done<!-- -->/<!-- -->failed</p>");
    // the extra never answers: the page is rendered without it all the same
    const hanging = await renderer.render(request("/extras/never"));
    expect(hanging.status).toBe(200);
    expect(hanging.html).toBe("<p>failed<!-- -->/<!-- -->failed</p>");
  });

  it("loads a lazy page's code before rendering it, in one pass", async () => {
    expect((await renderer.render(request("/about"))).html).toBe("<h1>About, loaded lazily</h1>");
  });

  it("lists in its sitemap what each route declares: its own path, or the pages its function names", async () => {
    const declaration = { name: "catalog", devPort: 0, routes: "./src/routes.tsx" } as const;
    const builtAt = "2026-01-01T00:00:00.000Z";
    const listed = createRemoteRenderer({
      declaration,
      builtAt,
      App,
      routes: [
        { path: "/units", element: null, sitemap: true },
        { path: "/units/:id", element: null, sitemap: async () => [{ path: "/units/A1", lastmod: "2026-02-02" }] },
        { path: "/drafts", element: null },
      ],
    });
    expect(await listed.sitemap()).toEqual([
      { path: "/units", lastmod: builtAt },
      { path: "/units/A1", lastmod: "2026-02-02" },
    ]);
    const unlistable = createRemoteRenderer({
      declaration,
      builtAt,
      App,
      routes: [{ path: "/units/:id", element: null, sitemap: true }],
    });
    await expect(unlistable.sitemap()).rejects.toThrow(/has parameters/);
  });

  it("is what its declaration says: a fragment or data declared and not given, or given and not declared, fails", () => {
    const declaration = {
      name: "leads",
      devPort: 0,
      routes: "./src/routes.tsx",
      fragments: { "./contact-form": { source: "./src/forms/contact-form.tsx", props: z.object({}) } },
      data: { people: { shape: z.string() } },
    } as const;
    const base = { declaration, builtAt: "", App, routes: [] };
    expect(() => createRemoteRenderer({ ...base, publishedData: { people: "" } })).toThrow(
      /fragments: declared but not given \[\.\/contact-form\]/,
    );
    expect(() =>
      createRemoteRenderer({
        ...base,
        fragments: { "./contact-form": { component: () => null }, "./quote-form": { component: () => null } },
        publishedData: { people: "" },
      }),
    ).toThrow(/given but not declared \[\.\/quote-form\]/);
    expect(() => createRemoteRenderer({ ...base, fragments: { "./contact-form": { component: () => null } } })).toThrow(
      /published data: declared but not given \[people\]/,
    );
  });

  it("refuses a path it does not own", async () => {
    await expect(renderer.render(request("/contact"))).rejects.toThrow("catalog owns no route for /contact");
  });
});

/** A stand-in for axios.create: what each client was made for. */
const made: string[] = [];
const sentHeaders: Record<string, string>[] = [];
const api = defineApiClient((baseURL, headers) => {
  made.push(baseURL ?? "(relative)");
  sentHeaders.push(headers);
  return { baseURL: baseURL ?? "" };
});
const originResource = defineResource("test:origin", async () => {
  // the client the code finds is its render's, after an await too
  const first = api();
  await new Promise((resolve) => setTimeout(resolve, 5));
  return first === api() ? first.baseURL : "another client";
});
function OriginPage() {
  const origin = useResource(originResource);
  return <p>{origin.status === "done" ? origin.value : origin.status}</p>;
}
const ORIGIN_ROUTES: RemoteRoute[] = [
  { path: "/origin", element: <OriginPage />, load: ({ preload }) => preload(originResource).then(() => undefined) },
];
const OriginApp = () => <RemoteRoutes remote="catalog" routes={ORIGIN_ROUTES} />;

describe("a team's API client", () => {
  const configured = createRemoteRenderer({
    declaration: { name: "catalog", devPort: 0, routes: "./src/routes.tsx" },
    builtAt: "2026-01-01T00:00:00.000Z",
    routes: ORIGIN_ROUTES,
    App: OriginApp,
  });

  it("is made for each render, to the API origin its server was configured with; outside a render, relative", async () => {
    configured.configure({ apiOrigin: "http://api.internal:4180", readPeerJson: async () => ({}) });
    const [a, b] = await Promise.all([configured.render(request("/origin")), configured.render(request("/origin"))]);
    expect(a.html).toBe("<p>http://api.internal:4180</p>");
    expect(b.html).toBe("<p>http://api.internal:4180</p>");
    // two renders at once: two clients, never one shared and changed
    expect(made).toEqual(["http://api.internal:4180", "http://api.internal:4180"]);
    expect(api().baseURL).toBe("");
    expect(api()).toBe(api());
    expect(made).toHaveLength(3);
    // on the server, answers uncompressed (the API is on the server's own network); in the browser, nothing added
    expect(sentHeaders).toEqual([{ "accept-encoding": "identity" }, { "accept-encoding": "identity" }, {}]);
  });
});

/** A client that reads through the server's transport when it has one (team inventory's does). */
const transported = defineApiClient((_baseURL, _headers, transport) => transport ?? null);
const unitResource = defineResource("test:unit", async (stock: string) => {
  const transport = transported();
  if (!transport) return "no transport";
  try {
    return JSON.stringify((await transport.get(`/api/units/${stock}`)).data);
  } catch (error) {
    return `refused ${(error as ApiRefusal).response.status}`;
  }
});
function UnitPage() {
  const { stock = "" } = useParams();
  const unit = useResource(unitResource, stock);
  return <p>{unit.status === "done" ? unit.value : unit.status}</p>;
}
const UNIT_ROUTES: RemoteRoute[] = [
  {
    path: "/units/:stock",
    element: <UnitPage />,
    load: ({ params, preload }) => preload(unitResource, params.stock ?? "").then(() => undefined),
  },
];

const UnitApp = () => <RemoteRoutes remote="catalog" routes={UNIT_ROUTES} />;

describe("the server's transport to the API", () => {
  let apiServer: FastifyInstance;
  const heard: Record<string, unknown>[] = [];
  beforeAll(async () => {
    apiServer = Fastify();
    apiServer.get("/api/units/:stock", async (request, reply) => {
      heard.push(request.headers);
      const { stock } = request.params as { stock: string };
      return stock === "A1" ? { stock, price: 100 } : reply.code(404).send({ message: "No such unit" });
    });
    await apiServer.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => apiServer.close());

  it("reads the API's JSON with the render's headers, and a refusal carries its status", async () => {
    const renderer = createRemoteRenderer({
      declaration: { name: "catalog", devPort: 0, routes: "./src/routes.tsx" },
      builtAt: "2026-01-01T00:00:00.000Z",
      routes: UNIT_ROUTES,
      App: UnitApp,
    });
    const { port } = apiServer.server.address() as { port: number };
    renderer.configure({ apiOrigin: `http://127.0.0.1:${port}`, readPeerJson: async () => ({}) });
    expect((await renderer.render(request("/units/A1"))).html).toBe(
      `<p>${JSON.stringify({ stock: "A1", price: 100 }).replace(/"/g, "&quot;")}</p>`,
    );
    expect((await renderer.render(request("/units/Z9"))).html).toBe("<p>refused 404</p>");
    expect(heard[0]).toMatchObject({ accept: "application/json", "accept-encoding": "identity" });
    // in the browser there is none: the team's client goes its own way
    expect(transported()).toBeNull();
  });
});
