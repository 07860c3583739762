import { remoteViteConfig } from "remote-kit/vite";
import { DEFAULT_REMOTE_DEV_PORTS } from "shared-types";
import { defineConfig, loadEnv } from "vite";
import { PROVIDES } from "./src/contracts/provides.ts";
import { DEFAULT_CREDIT_APPLICATION_URL } from "./src/credit-application.ts";

const creditApplication = (mode: string) =>
  loadEnv(mode, process.cwd(), "VITE_").VITE_CREDIT_APPLICATION_URL || DEFAULT_CREDIT_APPLICATION_URL;

// Team catalog: owns /line-up/*, /get-financing and /get-financing/form (see src/routes.tsx).
export default defineConfig((env) =>
  remoteViteConfig({
    name: "catalog",
    exposes: {
      "./routes": "./src/routes.tsx",
      // kept for consumers of the previous release; peers now read the published data below
      "./lineup-models": "./src/lineup-models-module.ts",
    },
    publishedData: ["lineup-models"],
    devPort: DEFAULT_REMOTE_DEV_PORTS.catalog,
    provides: PROVIDES,
    // the financing form frames the lender's credit application
    contentSources: { frame: [new URL(creditApplication(env.mode)).origin] },
  })(env),
);
