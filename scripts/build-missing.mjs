// Builds whatever is not built yet (a fresh clone builds everything): what `npm start` and the benchmarks serve.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const root = new URL("../", import.meta.url);
const run = (command) => execSync(command, { stdio: "inherit", cwd: root });
const built = (path) => existsSync(new URL(path, root));

export function buildMissing() {
  if (!built("shared-types/dist/index.js")) run("npm run build -w shared-types");
  if (!built("server-kit/dist/index.js")) run("npm run build -w server-kit");
  if (!built("remote-kit/dist/index.js")) run("npm run build -w remote-kit");
  if (!built("api/dist/src/main.js")) run("npm run build -w api");
  for (const name of ["leads", "catalog", "inventory", "service"]) {
    if (!built(`mfe-${name}/dist-server/server-entry.js`)) run(`npm run build -w mfe-${name}`);
  }
  if (!built("host/dist-server/index.js")) run("npm run build -w host");
  if (!built("staff-desk/dist/main.js")) run("npm run build -w staff-desk");
}
