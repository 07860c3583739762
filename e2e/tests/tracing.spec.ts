import { randomBytes } from "node:crypto";
import type { ReceivedSpan } from "../fixtures/otlp-receiver";
import { OTLP_RECEIVER_URL, SITE_URL } from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

test("one page's trace has spans from the host, the remote that renders it and the API, one inside the other", async () => {
  const traceId = randomBytes(16).toString("hex");
  const parent = randomBytes(8).toString("hex");
  // a search no one has made: no cache holds it, so the page is made now, through all three
  const response = await fetch(
    `${SITE_URL}/inventory?search=isuzu&page=${2 + Math.floor(Math.random() * 3)}&sort=price_desc`,
    {
      headers: { traceparent: `00-${traceId}-${parent}-01` },
    },
  );
  expect(response.status).toBe(200);
  expect(response.headers.get("server-timing")).toMatch(/^cache;desc="miss"/);

  let spans: ReceivedSpan[] = [];
  await expect(async () => {
    spans = await (await fetch(`${OTLP_RECEIVER_URL}/spans?trace=${traceId}`)).json();
    // (team leads renders the page's fragments: its saved search form and fleet quote count)
    expect(new Set(spans.map((span) => span.service))).toEqual(
      new Set(["host", "remote-inventory", "remote-leads", "api"]),
    );
  }).toPass({ timeout: 15_000 });

  const byId = new Map(spans.map((span) => [span.spanId, span]));
  const page = spans.find((span) => span.service === "host" && span.name.startsWith("page "));
  expect(page?.parentSpanId).toBe(parent);
  // the host's hops are the page's children; the remote's render is a child of the host's render hop
  expect(spans.find((span) => span.service === "host" && span.name === "render")?.parentSpanId).toBe(page?.spanId);
  const render = spans.find((span) => span.service === "remote-inventory" && span.name === "inventory render");
  expect(byId.get(render?.parentSpanId ?? "")?.name).toBe("render");
  // and the API's requests are children of the render's data
  const data = spans.find((span) => span.service === "remote-inventory" && span.name === "data");
  expect(data?.parentSpanId).toBe(render?.spanId);
  const apiCalls = spans.filter((span) => span.service === "api");
  expect(apiCalls.length).toBeGreaterThan(0);
  for (const call of apiCalls) expect(call.parentSpanId).toBe(data?.spanId);
  // the peers' fragments are the host's calls too
  const leadsRoot = spans.filter(
    (span) => span.service === "remote-leads" && byId.get(span.parentSpanId ?? "")?.service !== "remote-leads",
  );
  expect(leadsRoot.length).toBeGreaterThan(0);
  for (const fragment of leadsRoot) expect(byId.get(fragment.parentSpanId ?? "")?.service).toBe("host");
});
