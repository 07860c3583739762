import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchPeerData } from "../src/peers";

describe("a peer's published data", () => {
  afterEach(() => vi.useRealTimers());

  it("is read once per build of the peer, and again within seconds of a redeploy at the same address", async () => {
    vi.useFakeTimers();
    let build = "build-1";
    const reads: string[] = [];
    const read = async (url: string) => {
      reads.push(url);
      if (url.endsWith("mf-manifest.json")) {
        return { metaData: { build, server: { data: { "lineup-models": "data/lineup-models.json" } } } };
      }
      return { models: [build] };
    };
    const manifest = "http://catalog.test/mf-manifest.json";
    expect(await fetchPeerData(manifest, "lineup-models", read)).toEqual({ models: ["build-1"] });
    expect(await fetchPeerData(manifest, "lineup-models", read)).toEqual({ models: ["build-1"] });
    expect(reads.filter((url) => url.endsWith("lineup-models.json"))).toHaveLength(1);

    // catalog deploys another build at the same addresses
    build = "build-2";
    vi.advanceTimersByTime(6_000);
    // the first page after it is answered from what was seen while the manifest is read again; the next has it
    expect(await fetchPeerData(manifest, "lineup-models", read)).toEqual({ models: ["build-1"] });
    await vi.runOnlyPendingTimersAsync();
    expect(await fetchPeerData(manifest, "lineup-models", read)).toEqual({ models: ["build-2"] });
    expect(reads.filter((url) => url.endsWith("lineup-models.json"))).toHaveLength(2);
  });
});
