// npm run dev: every package in watch mode. The host dev server (http://localhost:5173) composes each page from
// the remotes' dev servers, which render from their source (remote-kit's Vite config), proxies /api to the API,
// and the browser loads each remote from its own dev server.
import { execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import concurrently from "concurrently";

const root = new URL("../", import.meta.url);
execSync("npm run build -w shared-types -w server-kit -w remote-kit", { stdio: "inherit", cwd: root });
const { DEFAULT_REMOTE_DEV_PORTS, REMOTE_NAMES } = await import("shared-types");
// the host's dev server signs its render requests, and each remote's dev server reads peers only from the others
process.env.RENDER_SECRET ||= randomBytes(32).toString("base64url");
process.env.PEER_ORIGINS ||= REMOTE_NAMES.map((name) => `http://localhost:${DEFAULT_REMOTE_DEV_PORTS[name]}`).join(",");
concurrently(
  [
    { name: "types", command: "npx tsc -b -w shared-types server-kit remote-kit --preserveWatchOutput" },
    { name: "api", command: "npm run dev -w api" },
    ...["leads", "catalog", "inventory", "service"].map((name) => ({ name, command: `npm run dev -w mfe-${name}` })),
    { name: "host", command: "npm run dev -w host" },
  ],
  { killOthersOn: ["failure"], prefix: "name", cwd: root.pathname },
);
