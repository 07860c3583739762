// The host's production server (built from src/server by `npm run build`): its environment, src/server/environment.ts.
import { fileURLToPath } from "node:url";
import { startHostServer } from "../dist-server/index.js";

await startHostServer(fileURLToPath(new URL("../dist/", import.meta.url)));
