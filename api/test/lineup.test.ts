import { describe, expect, it } from "vitest";
import { checkedAgainstLineup, type Lineup, lineupFromUrl } from "../src/leads/lineup.js";

const URL_ = "http://127.0.0.1:4174/data/lineup-models.json";
const MINUTE = 60 * 1000;

/** One model as team catalog publishes it (mfe-catalog/src/remote.ts "lineup-models"): more than the API reads. */
const PUBLISHED = {
  models: [
    {
      id: "isuzu-fvr-diesel-class-6",
      make: "Isuzu",
      model: ["FVR"],
      name: "Isuzu FVR Diesel Class 6",
      series: "F-Series",
      fuel: "Diesel",
      cab: "Regular",
      manufacturer: "isuzu",
      image: "/assets/medium-duty-truck.svg",
      title: "Isuzu FVR class 6 trucks, Calgary",
      meta: "Isuzu FVR class 6.",
      intro: "A class 6 truck.",
      specs: [{ title: "Specifications", values: { GVWR: "25,950 lbs" } }],
      highlights: ["Class 6"],
    },
  ],
  legacyIds: { "isuzu-fvr-diesel": "isuzu-fvr-diesel-class-6" },
};

/** A catalog whose answers the test sets, and a clock it moves. */
function catalog() {
  const state = {
    answer: (): Promise<Response> => Promise.resolve(Response.json(PUBLISHED)),
    asked: 0,
    now: Date.parse("2026-11-26T12:00:00Z"),
  };
  const fetchImpl = (async (_url: string, init?: RequestInit) => {
    state.asked += 1;
    init?.signal?.throwIfAborted();
    return state.answer();
  }) as typeof fetch;
  return { state, read: lineupFromUrl(URL_, fetchImpl, () => state.now) };
}

describe("team catalog's line-up, read by the API", () => {
  it("reads the published line-up, keeps it 5 minutes, and asks once however many ask at a time", async () => {
    const { state, read } = catalog();
    const [first, second] = await Promise.all([read(), read()]);
    expect(first?.models.map((m) => [m.id, m.make, m.name])).toEqual([
      ["isuzu-fvr-diesel-class-6", "Isuzu", "Isuzu FVR Diesel Class 6"],
    ]);
    expect(second).toBe(first);
    expect(state.asked).toBe(1);
    state.now += 4 * MINUTE;
    await read();
    expect(state.asked).toBe(1);
    state.now += 2 * MINUTE;
    await read();
    expect(state.asked).toBe(2);
  });

  it("answers the copy it has while the catalog cannot be read, for an hour at most, then null; it never throws", async () => {
    const { state, read } = catalog();
    expect(await read()).not.toBeNull();
    state.answer = () => Promise.reject(new Error("connection refused"));
    state.now += 6 * MINUTE;
    expect(await read()).not.toBeNull();
    // a catalog that fails is not asked again at once: an add request does not wait on it each time
    const asked = state.asked;
    expect(await read()).not.toBeNull();
    expect(state.asked).toBe(asked);
    state.now += 60 * MINUTE;
    expect(await read()).toBeNull();

    for (const answer of [
      () => Promise.resolve(new Response("gone", { status: 503 })),
      () => Promise.resolve(new Response("<html>not json</html>", { headers: { "content-type": "text/html" } })),
      () => Promise.resolve(Response.json({ models: [{ id: "x" }], legacyIds: {} })),
    ]) {
      const fresh = catalog();
      fresh.state.answer = answer;
      expect(await fresh.read()).toBeNull();
    }
  });

  it("gives up on a catalog that does not answer within 2 seconds", async () => {
    const hanging = ((_url: string, init?: RequestInit) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      )) as typeof fetch;
    const started = Date.now();
    expect(await lineupFromUrl(URL_, hanging)()).toBeNull();
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("names a model line by the line-up (an old id resolved), refuses a model it does not have, and marks one it could not check", () => {
    const lineup = PUBLISHED as unknown as Lineup;
    const sent = {
      kind: "model" as const,
      model_id: "isuzu-fvr-diesel",
      make: "evil.example",
      model: "Pay",
      quantity: 2,
    };
    expect(checkedAgainstLineup(sent, lineup)).toEqual({
      kind: "model",
      model_id: "isuzu-fvr-diesel-class-6",
      make: "Isuzu",
      model: "FVR Diesel Class 6",
      quantity: 2,
      from_lineup: true,
    });
    expect(() => checkedAgainstLineup({ ...sent, model_id: "isuzu-nrr" }, lineup)).toThrow(
      "This model is not on our line-up",
    );
    expect(checkedAgainstLineup(sent, null)).toEqual({ ...sent, from_lineup: false });
    const unit = { kind: "unit" as const, stock_number: "A1234", quantity: 1 };
    expect(checkedAgainstLineup(unit, null)).toBe(unit);
  });
});
