import { remoteViteConfig } from "remote-kit/vite";
import { defineConfig } from "vite";
import { LEADS_REMOTE } from "./src/remote.ts";

// everything this build exposes, provides and publishes is derived from src/remote.ts
export default defineConfig(
  remoteViteConfig(LEADS_REMOTE, {
    // its drafts store is cleared between tests, after the kit's own setup
    testSetup: ["test/setup.ts"],
  }),
);
