import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPglite, openPostgres } from "../src/db/database.js";
import { migrate } from "../src/db/migrations.js";
import { enqueueDeliveries } from "../src/delivery/outbox.js";
import { createPostgresDatabase } from "./database-fixtures.js";
import { eventually, SmtpCatcher } from "./smtp-catcher.js";

const API_DIR = new URL("..", import.meta.url).pathname;
const LEADS = 5;

/** A database another process can open: PGlite's files on disk, or a database on the test PostgreSQL server. */
interface SharedDatabase {
  name: string;
  env: Record<string, string>;
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

function sharedDatabases(): SharedDatabase[] {
  const list: SharedDatabase[] = [];
  const dataDir = join(mkdtempSync(join(tmpdir(), "delivery-kill-")), "pglite");
  list.push({ name: "pglite", env: { DATA_DIR: dataDir }, open: () => openPglite(dataDir), dispose: async () => {} });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    let created: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
    const shared: SharedDatabase = {
      name: "postgres",
      env: {},
      async open() {
        if (!created) {
          created = await createPostgresDatabase(serverUrl);
          shared.env = { DATABASE_URL: created.url };
        }
        return openPostgres(created.url);
      },
      dispose: async () => created?.drop(),
    };
    list.push(shared);
  }
  return list;
}

/** `npm run leads:worker -w api`, from source: the outbox's worker in a process of its own. */
function startWorker(env: Record<string, string>, smtpUrl: string): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "src/delivery/run-worker.ts"], {
    cwd: API_DIR,
    env: {
      ...process.env,
      ...env,
      SMTP_URL: smtpUrl,
      CRM_LEADS_EMAIL: "crm@dealer-crm.test",
      DELIVERY_POLL_MS: "50",
      DELIVERY_LEASE_MS: "1000",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", () => resolve())));

describe.each(sharedDatabases())("a worker killed mid-delivery on $name", (shared) => {
  let smtp: SmtpCatcher;
  const leadIds: string[] = [];

  beforeAll(async () => {
    smtp = await new SmtpCatcher().start();
    const db = await shared.open();
    await migrate(db);
    for (let i = 0; i < LEADS; i++) {
      const id = randomUUID();
      leadIds.push(id);
      await db.transaction(async (tx) => {
        await tx.query("insert into leads (id, destination, form, fields) values ($1, 'ContactUs', 'contact', $2)", [
          id,
          JSON.stringify({ first_name: `Kill ${i}`, email: `kill${i}@example.ca` }),
        ]);
        await enqueueDeliveries(tx, id, ["crm-email", "department-email"]);
      });
    }
    await db.close();
  }, 60_000);
  afterAll(async () => {
    await smtp.stop();
    await shared.dispose();
  });

  it("loses nothing and sends nothing twice once a worker is running again", async () => {
    // the mail server takes the connection and never answers: every send is in flight when the worker dies
    smtp.mode = "hang";
    const first = startWorker(shared.env, smtp.url);
    await eventually(() => smtp.hanging >= 1, "a send in flight", 30_000);
    first.kill("SIGKILL");
    await exited(first);
    expect(smtp.mails).toHaveLength(0);

    smtp.mode = "accept";
    const second = startWorker(shared.env, smtp.url);
    try {
      await eventually(() => smtp.mails.length >= LEADS * 2, "every lead's two emails", 30_000);
      // past another lease: a second copy of anything would have been sent by now
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      second.kill("SIGTERM");
      await exited(second);
    }
    for (const id of leadIds)
      expect(
        smtp.mails.filter((m) => m.raw.includes(id)),
        id,
      ).toHaveLength(2);

    const db = await shared.open();
    try {
      const rows = await db.query<{ status: string; n: number }>(
        "select status, count(*)::int as n from lead_deliveries group by status",
      );
      expect(rows).toEqual([{ status: "delivered", n: LEADS * 2 }]);
    } finally {
      await db.close();
    }
  }, 90_000);
});
