import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { containerId, SITE_URL, sleep, stackFetch } from "./stack";

const repository = new URL("../..", import.meta.url).pathname;
const rollout = (team: string, version: string) =>
  execFileSync("deploy/rollout.sh", [team, version], { cwd: repository, encoding: "utf8", env: process.env });
const imageOf = (service: string) =>
  execFileSync("podman", ["inspect", "-f", "{{.ImageName}}", `fleet_${service}_1`], { encoding: "utf8" }).trim();

const OTHERS = ["host-1", "host-2", "catalog", "inventory", "service", "api-1", "api-2", "desk", "varnish"];

test("team leads rolls its remote forward and back alone: nothing else restarts, its pages keep serving", async () => {
  execFileSync("podman", ["tag", "fleet/mfe-leads:latest", "fleet/mfe-leads:next"]);
  const before = Object.fromEntries(OTHERS.map((s) => [s, containerId(s)]));
  const leadsBefore = containerId("leads");

  const statuses: number[] = [];
  let watching = true;
  const watch = (async () => {
    while (watching) {
      statuses.push((await stackFetch(`${SITE_URL}/fleet-quote`).catch(() => null))?.status ?? 0);
      await sleep(200);
    }
  })();
  const said = rollout("leads", "next");
  expect(said).toContain("to roll back: deploy/rollout.sh leads");
  expect(imageOf("leads")).toContain("fleet/mfe-leads:next");
  expect(containerId("leads")).not.toBe(leadsBefore);
  await expect(async () => {
    expect((await stackFetch(`${SITE_URL}/fleet-quote`)).status).toBe(200);
  }).toPass({ timeout: 30_000 });

  rollout("leads", "latest");
  expect(imageOf("leads")).toContain("fleet/mfe-leads:latest");
  await expect(async () => {
    expect((await stackFetch(`${SITE_URL}/contact`)).status).toBe(200);
    expect((await stackFetch(`${SITE_URL}/fleet-quote`)).status).toBe(200);
  }).toPass({ timeout: 30_000 });
  watching = false;
  await watch;

  expect(Object.fromEntries(OTHERS.map((s) => [s, containerId(s)]))).toEqual(before);
  // the hosts fall back to the page's shell while the remote is replaced, never to a server error
  expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
});
