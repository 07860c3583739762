import { performance } from "node:perf_hooks";
import type { RenderResult } from "remote-kit/protocol";
import { inSpan } from "server-kit";

/** One hop of a page's making, as Server-Timing writes it (and a remote's renderer tells its own). */
export type TimingEntry = NonNullable<RenderResult["timings"]>[number];

/** A name or description as the header allows it: a token, or a quoted string of plain characters. */
const token = (value: string) => value.replace(/[^A-Za-z0-9_.-]/g, "-").slice(0, 40);
const quoted = (value: string) => `"${value.replace(/["\\\r\n]/g, "").slice(0, 80)}"`;
const written = ({ name, desc, dur }: TimingEntry) =>
  `${token(name)}${desc ? `;desc=${quoted(desc)}` : ""};dur=${Math.max(0, dur).toFixed(1)}`;

export class PageTimings {
  readonly entries: TimingEntry[] = [];

  /** Times `work`, which is also a span of the page's trace (OpenTelemetry: a no-op when the host does not trace). */
  async time<T>(name: string, work: () => Promise<T>, desc?: string): Promise<T> {
    const started = performance.now();
    try {
      return await inSpan(name, work, desc ? { "fleet.hop": desc } : {});
    } finally {
      this.entries.push({ name, ...(desc ? { desc } : {}), dur: performance.now() - started });
    }
  }

  add(entries: readonly TimingEntry[] | undefined, prefix: string): void {
    for (const entry of entries ?? []) this.entries.push({ ...entry, name: `${prefix}-${entry.name}` });
  }
}

/**
 * A page's Server-Timing: whether a cache held it, each hop of its making when this request made it, and the host's
 * total; what each hop was and its time, nothing else (no address, no secret).
 */
export function pageTiming(
  reply: { elapsedTime: number },
  made: readonly TimingEntry[] | undefined,
  cache: "hit" | "miss" | "private",
): string {
  return [
    { name: "cache", desc: cache, dur: 0 },
    ...(cache === "hit" ? [] : (made ?? [])),
    { name: "total", desc: "the host", dur: reply.elapsedTime },
  ]
    .map(written)
    .join(", ");
}
