// The host's production server (built from src/server by `npm run build`): its environment, src/server/environment.ts.
import { fileURLToPath } from "node:url";

// React's production build on the server (the development build checks every element as it is made, which costs a
// missed page several times its render): set before the server, and React with it, is loaded
process.env.NODE_ENV ??= "production";
const { startHostServer } = await import("../dist-server/index.js");
await startHostServer(fileURLToPath(new URL("../dist/", import.meta.url)));
