// npm start: builds whatever is not built yet, then serves the composed site at http://localhost:4173
// (API under /api). PORT and DATABASE_URL override; see README.md.
import concurrently from "concurrently";
import { buildMissing } from "./build-missing.mjs";

buildMissing();
const { servingCommands, SITE_PORT } = await import("./site-processes.mjs");
console.log(`\nServing the site at http://localhost:${SITE_PORT} (Ctrl+C stops it)\n`);
const { result } = concurrently(servingCommands(), {
  killOthersOn: ["failure"],
  prefix: "name",
  cwd: new URL("../", import.meta.url).pathname,
});
result.catch(() => process.exit(1));
