import { context, propagation, type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { z } from "zod";

/** The site's spans: one tracer name for every process (each process says who it is in its resource). */
const TRACER = "fleet-site";

/**
 * Starts tracing for this process when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT, its traces
 * sent to `<endpoint>/v1/traces` as OTLP/HTTP JSON), W3C trace context propagated (`traceparent`). Without one,
 * nothing is loaded and every span below is OpenTelemetry's no-op: tracing costs nothing. Answers whether spans are
 * recorded and exported (`enabled`), and the process's `shutdown` of it (what is still held is sent).
 */
export async function startTracing(service: string, endpoint: string | undefined, scheduledDelayMs = 1_000) {
  if (!endpoint) return { enabled: false, shutdown: async () => {} };
  // loaded only when configured
  const [{ NodeTracerProvider }, { BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import("@opentelemetry/sdk-trace-node"),
      import("@opentelemetry/sdk-trace-base"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
    ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": service }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, "")}/v1/traces` }), {
        scheduledDelayMillis: scheduledDelayMs,
      }),
    ],
  });
  // the W3C trace context propagator, and a context that follows each request through its awaits
  provider.register();
  return { enabled: true, shutdown: () => provider.shutdown() };
}

/** Runs `work` as a span of the current trace (a child of the active span), ended when it settles. */
export function inSpan<T>(
  name: string,
  work: () => Promise<T>,
  attributes: Record<string, string> = {},
  kind = SpanKind.INTERNAL,
): Promise<T> {
  return trace.getTracer(TRACER).startActiveSpan(name, { attributes, kind }, async (span: Span) => {
    try {
      return await work();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
      throw error;
    } finally {
      span.end();
    }
  });
}

type IncomingHeaders = Record<string, string | string[] | undefined>;

/** Runs `work` in the trace a request's headers carry (its `traceparent`), as a server span named `name`. */
export function inIncomingTrace<T>(headers: IncomingHeaders, name: string, work: () => Promise<T>): Promise<T> {
  return context.with(propagation.extract(context.active(), headers), () => inSpan(name, work, {}, SpanKind.SERVER));
}

/** The headers that carry the current trace to the next process (`traceparent`, `tracestate`): none when off. */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** A server span for a request handled outside `inIncomingTrace` (a Fastify app's hooks): started, then ended. */
export function startServerSpan(headers: IncomingHeaders, name: string): { end(status: number): void } {
  const parent = propagation.extract(context.active(), headers);
  const span = trace.getTracer(TRACER).startSpan(name, { kind: SpanKind.SERVER }, parent);
  return {
    end(status) {
      span.setAttribute("http.response.status_code", status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}

/** The variable every server reads its OTLP endpoint from (its environment schema includes it). */
export const otlpEndpointVariable = () =>
  z
    .preprocess((value) => (value === "" ? undefined : value), z.url().optional())
    .describe(
      "Where this server sends its traces (OTLP over HTTP, to <endpoint>/v1/traces; W3C traceparent between the site's servers). Unset: no tracing, at no cost.",
    );
