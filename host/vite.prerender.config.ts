import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Builds the server entry that scripts/prerender.mjs runs at build time. No federation here: the home page and
// the shell are the host's own code.
export default defineConfig({
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  plugins: [react()],
  build: { ssr: "src/app/entry-server.tsx", outDir: "dist-ssr", emptyOutDir: true, target: "node20" },
});
