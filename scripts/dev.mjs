// npm run dev: every package in watch mode. The host dev server (http://localhost:5173) proxies /api to the API
// and loads each remote from its own Vite dev server.
import { execSync } from "node:child_process";
import concurrently from "concurrently";

const root = new URL("../", import.meta.url);
execSync("npm run build -w shared-types", { stdio: "inherit", cwd: root });
concurrently(
  [
    { name: "types", command: "npx tsc -b -w shared-types --preserveWatchOutput" },
    { name: "api", command: "npm run dev -w api" },
    ...["leads", "catalog", "inventory", "service"].map((name) => ({ name, command: `npm run dev -w mfe-${name}` })),
    { name: "host", command: "npm run dev -w host" },
  ],
  { killOthersOn: ["failure"], prefix: "name", cwd: root.pathname },
);
