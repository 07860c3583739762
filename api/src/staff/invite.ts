import { STAFF_ROLES, type StaffRole } from "shared-types";
import { readConfig } from "../config.js";
import { cliTokenFile, readCliToken } from "./cli-token.js";

/**
 * npm run staff:invite -- <email> <role>
 * Adds a member of staff (or changes a member's role) through the running API's staff listener, with the command
 * line's credential the API wrote at start (cli-token.ts), and prints the one-time enrolment link as its last line.
 * Roles: admin, sales_manager, service_manager, marketing.
 */
const [email, role] = process.argv.slice(2);
if (!email || !role || !STAFF_ROLES.includes(role as StaffRole)) {
  console.error(`usage: npm run staff:invite -- <email> <role>   (role: ${STAFF_ROLES.join(", ")})`);
  process.exit(2);
}
const config = readConfig();
const file = cliTokenFile(config);
let token: string;
try {
  token = readCliToken(file);
} catch {
  console.error(`No command-line credential at ${file}: start the API first (npm start), then run this again.`);
  process.exit(2);
}
const staffApi = `http://127.0.0.1:${config.API_STAFF_PORT}/api/staff/members`;
const response = await fetch(staffApi, {
  method: "POST",
  headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  body: JSON.stringify({ email, role }),
}).catch((error: Error) => {
  console.error(`The API's staff listener (${staffApi}) did not answer: ${error.message}. Is the API running?`);
  process.exit(1);
});
const body = (await response.json().catch(() => ({}))) as { link?: string; message?: string };
if (!response.ok || !body.link) {
  console.error(`Refused (${response.status}): ${body.message ?? "no reason given"}`);
  process.exit(1);
}
console.log(`${email} is on the staff desk as ${role}. Their enrolment link (7 days, works once):`);
console.log(body.link);
