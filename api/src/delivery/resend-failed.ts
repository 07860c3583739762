import { parseArgs } from "node:util";
import { readConfig } from "../config.js";
import { openDatabase } from "../db/database.js";
import { migrate } from "../db/migrations.js";
import { RESEND_COMMAND_ACTOR, writeAudit } from "../staff/audit.js";
import { deliveryHealth, resendFailed } from "./outbox.js";

/**
 * npm run leads:resend -w api [-- --lead <id>] [-- --api http://127.0.0.1:4182] (the API's staff listener)
 * Makes failed deliveries pending again (every one, or one lead's), with a fresh count of tries; the worker sends
 * them within a poll. On PostgreSQL (DATABASE_URL) it writes to the database directly. The embedded database takes
 * one process at a time, so there it asks the running API (POST /api/deliveries/resend with ADMIN_TOKEN).
 */
const { values } = parseArgs({
  options: { lead: { type: "string" }, api: { type: "string" } },
});
const config = readConfig();
/** The API's staff listener: --api, or this machine's at API_STAFF_PORT. */
const staffApi = values.api ?? `http://127.0.0.1:${config.API_STAFF_PORT}`;
const leadId = values.lead;

if (config.DATABASE_URL) {
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrate(db);
    const before = await deliveryHealth(db);
    const resent = await resendFailed(db, leadId);
    await writeAudit(db, RESEND_COMMAND_ACTOR, "deliveries.resend", leadId ? `lead:${leadId}` : "deliveries", null, {
      resent,
    });
    console.log(
      `${resent} failed deliver${resent === 1 ? "y" : "ies"}${leadId ? ` of lead ${leadId}` : ""} sent again (${before.failed} had failed).`,
    );
  } finally {
    await db.close();
  }
} else {
  if (!config.ADMIN_TOKEN) {
    console.error(
      "The embedded database is in use by the API: set ADMIN_TOKEN (the API's) so this command can ask the API to re-send.",
    );
    process.exit(2);
  }
  const response = await fetch(new URL("/api/deliveries/resend", staffApi), {
    method: "POST",
    headers: { authorization: `Bearer ${config.ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(leadId ? { lead_id: leadId } : {}),
  }).catch((error: Error) => {
    console.error(`The API at ${staffApi} did not answer (${error.message}). Is it running?`);
    process.exit(1);
  });
  const body = (await response.json().catch(() => ({}))) as { resent?: number; message?: string };
  if (!response.ok) {
    console.error(`The API refused: ${response.status} ${body.message ?? ""}`);
    process.exit(1);
  }
  console.log(
    `${body.resent} failed deliver${body.resent === 1 ? "y" : "ies"}${leadId ? ` of lead ${leadId}` : ""} sent again.`,
  );
}
