import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { containerOf, inviteLink, leadSender, psql, sleep, uniqueEmail } from "./stack";

const repository = new URL("../..", import.meta.url).pathname;
const run = (command: string, ...args: string[]) =>
  execFileSync(command, args, {
    cwd: repository,
    encoding: "utf8",
    env: process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });

/** What the drill checks comes back: leads, staff, passkeys (the site spec added one), audit, specials, hours and closures. */
const TABLES = ["leads", "staff_members", "staff_passkeys", "staff_audit", "promotions", "business_details"] as const;
const counts = () =>
  Object.fromEntries(
    TABLES.map((table) => [table, Number(psql(`select count(*) from ${table}`)[0] ?? Number.NaN)]),
  ) as Record<(typeof TABLES)[number], number>;

test("the restore drill: a backup taken, the database wiped, the backup restored, everything back", async ({
  page,
}) => {
  // something of every kind: a lead, a member (with an audit row), a special, a closure
  const send = await leadSender();
  await sleep(3_100);
  expect(await send("Restoredrill", 1)).toBe(201);
  await page.goto(inviteLink(uniqueEmail("restore-admin"), "admin"));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Leads" })).toBeVisible();
  const before = counts();
  for (const table of TABLES) expect(before[table]).toBeGreaterThan(0);

  run(
    "podman-compose",
    "-p",
    "fleet",
    "-f",
    "deploy/compose.yaml",
    "exec",
    "-T",
    "backup",
    "/bin/sh",
    "/backup/backup.sh",
    "now",
  );
  const backups = run("podman", "exec", containerOf("backup"), "ls", "/backups");
  expect(backups).toMatch(/fleet-\d{8}T\d{6}Z\.dump/);

  // the loss: every table gone
  psql("drop schema public cascade; create schema public authorization fleet");
  expect(() => psql("select count(*) from leads")).toThrow();

  run("deploy/restore.sh");
  await expect(async () => expect(counts()).toEqual(before)).toPass({ timeout: 60_000 });
  expect(psql("select count(*) from leads where fields->>'last_name' = 'Restoredrill'")).toEqual(["1"]);
});
