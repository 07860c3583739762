import type { FastifyInstance } from "fastify";
import type { StaffRole } from "shared-types";
import { buildApp, DEFAULT_TIMEOUTS } from "../../api/src/app.js";
import { type Database, openPglite } from "../../api/src/db/database.js";
import { migrate } from "../../api/src/db/migrations.js";
import { listenOnEdges } from "../../api/src/security/edges.js";
import { StaffStore } from "../../api/src/staff/staff-store.js";
import { testConfig } from "../../api/test/test-config.js";
import { buildDesk, SESSION_COOKIE } from "../src/app.js";
import { readDeskEnvironment } from "../src/environment.js";

export const DESK_KEY = "ZGVzay1rZXktZm9yLXRoZS1kZXNrJ3MtdGVzdHMtMDEyMzQ1Njc4OWFi";
const CLI_TOKEN = "cli-token-for-the-desk-tests-0123456789";

/**
 * The desk as staff use it: in front of the real API (an embedded database, its staff listener on a port of its
 * own), sharing the desk's key. Each test file gets one.
 */
export async function deskAndApi() {
  const db: Database = await openPglite();
  await migrate(db);
  const mail: { to: string; subject: string; text: string }[] = [];
  const config = testConfig({ STAFF_DESK_KEY: DESK_KEY, STAFF_DESK_URL: "http://desk.example" });
  const api: FastifyInstance = await buildApp(config, {
    db,
    cliToken: CLI_TOKEN,
    sendStaffMail: async (message) => {
      mail.push(message);
    },
  });
  const local = { port: 0, host: "127.0.0.1" };
  const { staff } = await listenOnEdges(api, { public: local, internal: local, staff: local }, DEFAULT_TIMEOUTS);
  const desk = await buildDesk(readDeskEnvironment({ API_STAFF_ORIGIN: staff, STAFF_DESK_KEY: DESK_KEY }));
  const store = new StaffStore(db);

  /** A member in this role, and the cookie their browser would carry. */
  const member = async (email: string, role: StaffRole) => {
    const invited = await store.invite(email, role, { id: null, email: "the desk's tests" });
    const token = invited.token ?? (await store.signInLink(email))?.token ?? "";
    const signed = await store.useLink(token);
    if (!signed) throw new Error(`${email} could not sign in`);
    return { id: signed.member.id, cookie: `${SESSION_COOKIE}=${signed.session}` };
  };

  return {
    db,
    api,
    desk,
    store,
    mail,
    staffOrigin: staff,
    member,
    async close() {
      await desk.close();
      await api.close();
      await db.close();
    },
  };
}

/** What a page posts with: a form from the desk's own page. */
export const sameOrigin = { "sec-fetch-site": "same-origin" } as const;
