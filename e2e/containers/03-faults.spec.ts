import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { kill, leadSender, psql, SITE_URL, sleep, stackFetch, start, startedAt } from "./stack";

/**
 * Leads sent one after another through the site while `fault` runs: every lead the site answered 201 must be
 * stored once; the site must serve pages again within 30 s of the fault.
 */
async function underLeadTraffic(fault: () => Promise<void>) {
  const marker = `Fault${randomBytes(4).toString("hex")}`;
  const send = await leadSender();
  await sleep(3_100); // the form's start is older than the spam guard's 3 s
  const answered: number[] = [];
  let sending = true;
  const traffic = (async () => {
    for (let n = 0; sending; n++) {
      if ((await send(marker, n)) === 201) answered.push(n);
      await sleep(50);
    }
  })();
  await sleep(2_000);
  await fault();
  const recoveredAt = Date.now();
  await expect(async () => {
    expect((await stackFetch(`${SITE_URL}/contact`)).status).toBe(200);
    expect((await send(`${marker}-after`, 0)) === 201 || (await send(`${marker}-after`, 1)) === 201).toBe(true);
  }).toPass({ timeout: 30_000, intervals: [500] });
  const recoveredInMs = Date.now() - recoveredAt;
  await sleep(1_000);
  sending = false;
  await traffic;
  const stored = psql(`select fields->>'first_name' from leads where fields->>'last_name' = '${marker}'`);
  return { answered, stored, recoveredInMs };
}

test.describe("no fault stops the site", () => {
  test("an API killed under lead traffic: the other answers, no answered lead is lost, it comes back", async () => {
    const { answered, stored, recoveredInMs } = await underLeadTraffic(async () => {
      kill("api-1");
      await sleep(3_000);
      start("api-1");
    });
    expect(answered.length).toBeGreaterThan(10);
    expect(stored.sort()).toEqual(answered.map((n) => `Lead${n}`).sort());
    expect(recoveredInMs).toBeLessThan(30_000);
  });

  test("PostgreSQL killed under lead traffic: the APIs stay up and answer 503, no answered lead is lost", async () => {
    let duringOutage = 0;
    const apisStarted = [startedAt("api-1"), startedAt("api-2")];
    const { answered, stored } = await underLeadTraffic(async () => {
      kill("postgres");
      const health = await stackFetch(`${SITE_URL}/api/health`).catch(() => null);
      duringOutage = health?.status ?? 0;
      await sleep(3_000);
      start("postgres");
    });
    expect([503, 200]).toContain(duringOutage);
    expect(stored.sort()).toEqual(answered.map((n) => `Lead${n}`).sort());
    // both APIs lived through it: neither process exited (and was started again)
    expect([startedAt("api-1"), startedAt("api-2")]).toEqual(apisStarted);
  });
});
