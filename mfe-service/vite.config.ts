import { remoteViteConfig } from "remote-kit/vite";
import { defineConfig } from "vite";
import { SERVICE_REMOTE } from "./src/remote.ts";

// everything this build exposes, provides and publishes is derived from src/remote.ts
export default defineConfig(remoteViteConfig(SERVICE_REMOTE));
