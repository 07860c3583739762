import { STAFF_ROLES, type StaffRole } from "shared-types";
import { readConfig } from "../config.js";
import { cliTokenFile, readCliToken } from "./cli-token.js";

/**
 * npm run staff:invite -- <email> <role>
 * Adds a member of staff (or gives a disabled one a role again) through the running API's staff listener, with the
 * command line's credential the API wrote at start (cli-token.ts), and prints the one-time enrolment link as its last
 * line. A member already active is sent their own sign-in link instead.
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
const body = (await response.json().catch(() => ({}))) as {
  outcome?: string;
  link?: string | null;
  emailed?: boolean;
  message?: string;
};
if (!response.ok) {
  console.error(`Refused (${response.status}): ${body.message ?? "no reason given"}`);
  process.exit(1);
}
if (body.outcome === "already-a-member" || !body.link) {
  // an active member's link is never handed to anyone else: theirs goes to their own address
  console.log(
    body.emailed
      ? `${email} is already on the staff desk: a sign-in link has been emailed to them.`
      : `${email} is already on the staff desk. No link was emailed (no mail server, or several went out this hour): they ask for one on the desk's sign-in page.`,
  );
  console.log("An admin changes their role on the desk's Staff page.");
  process.exit(0);
}
console.log(`${email} is on the staff desk as ${role}. Their enrolment link (7 days, works once):`);
console.log(body.link);
