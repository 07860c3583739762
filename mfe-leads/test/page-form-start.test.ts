import { LEAD_SPAM_GUARD } from "shared-types";
import { beforeEach, describe, expect, it, vi } from "vitest";

const get = vi.fn();
vi.mock("../src/api/api-client", () => ({ api: () => ({ get }) }));
const { fetchFormStartForPage } = await import("../src/api/page-form-start");

/** Milliseconds since the epoch, as the API signs them (13 digits). */
const T = 1_795_000_000_000;
const signed = (at: number) => ({ data: { [LEAD_SPAM_GUARD.startedField]: `${at}.${"m".repeat(43)}` } });

describe("the signed form start in a page's forms", () => {
  beforeEach(() => get.mockReset());

  it("is asked of the API once a second at most, however many pages are made in it", async () => {
    get.mockResolvedValueOnce(signed(T)).mockResolvedValueOnce(signed(T + 1_500));
    const first = await fetchFormStartForPage(T);
    expect(await fetchFormStartForPage(T + 400)).toBe(first);
    expect(await fetchFormStartForPage(T + 999)).toBe(first);
    expect(get).toHaveBeenCalledTimes(1);
    expect(await fetchFormStartForPage(T + 1_500)).not.toBe(first);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it("is asked again at once after a failure, and refuses what the API did not sign", async () => {
    get.mockRejectedValueOnce(new Error("API down")).mockResolvedValueOnce({ data: {} });
    await expect(fetchFormStartForPage(T + 10_000)).rejects.toThrow("API down");
    await expect(fetchFormStartForPage(T + 10_001)).rejects.toThrow("the API sent no signed form start");
    get.mockResolvedValueOnce(signed(T + 10_002));
    await expect(fetchFormStartForPage(T + 10_002)).resolves.toMatch(new RegExp(`^${T + 10_002}\\.`));
    expect(get).toHaveBeenCalledTimes(3);
  });
});
