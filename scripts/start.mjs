// npm start: builds whatever is not built yet, then serves the composed site at http://localhost:4173
// (API under /api). PORT and DATABASE_URL override; see README.md.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import concurrently from "concurrently";

const root = new URL("../", import.meta.url);
const run = (command) => execSync(command, { stdio: "inherit", cwd: root });
const built = (path) => existsSync(new URL(path, root));

if (!built("shared-types/dist/index.js")) run("npm run build -w shared-types");
if (!built("remote-kit/dist/index.js")) run("npm run build -w remote-kit");
if (!built("api/dist/src/main.js")) run("npm run build -w api");
for (const name of ["leads", "catalog", "inventory", "service"]) {
  if (!built(`mfe-${name}/dist-server/server-entry.js`)) run(`npm run build -w mfe-${name}`);
}
if (!built("host/dist-server/index.js")) run("npm run build -w host");

const { servingCommands, SITE_PORT } = await import("./site-processes.mjs");
console.log(`\nServing the site at http://localhost:${SITE_PORT} (Ctrl+C stops it)\n`);
const { result } = concurrently(servingCommands(), { killOthersOn: ["failure"], prefix: "name", cwd: root.pathname });
result.catch(() => process.exit(1));
