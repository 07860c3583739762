import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { inIncomingTrace, inSpan, startTracing, traceHeaders } from "../src/tracing.js";

describe("tracing", () => {
  it("costs nothing when no endpoint is set: the work runs, no trace is carried on", async () => {
    const tracing = await startTracing("test", undefined);
    expect(tracing.enabled).toBe(false);
    expect(await inSpan("hop", async () => traceHeaders())).toEqual({});
  });

  it("exports spans over OTLP and carries the caller's trace on (W3C traceparent)", async () => {
    const bodies: {
      resourceSpans: { scopeSpans: { spans: { traceId: string; parentSpanId?: string; name: string }[] }[] }[];
    }[] = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        bodies.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
        response.writeHead(200).end("{}");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const tracing = await startTracing("test", `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`, 10);
    expect(tracing.enabled).toBe(true);
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const sent = await inIncomingTrace({ traceparent: `00-${traceId}-00f067aa0ba902b7-01` }, "page", () =>
      inSpan("render", async () => traceHeaders()),
    );
    expect(sent.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    await tracing.shutdown();
    receiver.close();
    const spans = bodies.flatMap((body) => body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
    expect(spans.map((span) => span.name).sort()).toEqual(["page", "render"]);
    expect(spans.every((span) => span.traceId === traceId)).toBe(true);
    expect(spans.find((span) => span.name === "page")?.parentSpanId).toBe("00f067aa0ba902b7");
  });
});
