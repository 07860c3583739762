// npm start: builds whatever is not built yet, then serves the composed site at http://localhost:4173
// (API under /api). PORT and DATABASE_URL override; see README.md.
import concurrently from "concurrently";
import { buildMissing } from "./build-missing.mjs";

buildMissing();
const { servingCommands, SITE_PORT, STAFF_PORT, MAIL_CATCHER } = await import("./site-processes.mjs");
console.log(`\nServing the site at http://localhost:${SITE_PORT} (Ctrl+C stops it)`);
console.log(
  `The staff desk: http://localhost:${STAFF_PORT} (the first admin: npm run staff:invite -- you@example.com admin)`,
);
console.log(
  MAIL_CATCHER
    ? `Enquiries are delivered to a local mail catcher, as the dealership's CRM and desks would get them: ${MAIL_CATCHER.web}\n`
    : `Enquiries are delivered through ${new URL(process.env.SMTP_URL).host} (SMTP_URL)\n`,
);
const { result } = concurrently(servingCommands({ mailCatcher: MAIL_CATCHER, deskPort: STAFF_PORT }), {
  killOthersOn: ["failure"],
  prefix: "name",
  cwd: new URL("../", import.meta.url).pathname,
});
result.catch(() => process.exit(1));
