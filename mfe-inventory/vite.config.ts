import { remoteViteConfig } from "remote-kit/vite";
import { defineConfig, loadEnv } from "vite";
import { INVENTORY_REMOTE } from "./src/remote.ts";

/** The media bucket for trailer photos: on another origin, the host's CSP must allow its images. */
const mediaOrigins = (mode: string) => {
  const base = loadEnv(mode, process.cwd(), "VITE_").VITE_MEDIA_BASE_URL;
  return base && /^https?:\/\//.test(base) ? [new URL(base).origin] : [];
};

// everything this build exposes, provides and publishes is derived from src/remote.ts
export default defineConfig((env) =>
  remoteViteConfig(INVENTORY_REMOTE, { contentSources: { img: mediaOrigins(env.mode) } })(env),
);
