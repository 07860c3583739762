// The host's production server (built from src/server by `npm run build`): see README "Configuration".
import { fileURLToPath } from "node:url";
import { startHostServer } from "../dist-server/index.js";

await startHostServer(fileURLToPath(new URL(process.env.HOST_DIST_DIR ?? "../dist/", import.meta.url)));
