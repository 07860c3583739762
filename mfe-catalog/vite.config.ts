import { remoteViteConfig } from "remote-kit/vite";
import { defineConfig, loadEnv } from "vite";
import { DEFAULT_CREDIT_APPLICATION_URL } from "./src/credit-application.ts";
import { CATALOG_REMOTE } from "./src/remote.ts";

const creditApplication = (mode: string) =>
  loadEnv(mode, process.cwd(), "VITE_").VITE_CREDIT_APPLICATION_URL || DEFAULT_CREDIT_APPLICATION_URL;

// everything this build exposes, provides and publishes is derived from src/remote.ts
export default defineConfig((env) =>
  remoteViteConfig(CATALOG_REMOTE, {
    // the financing form frames the lender's credit application
    contentSources: { frame: [new URL(creditApplication(env.mode)).origin] },
  })(env),
);
