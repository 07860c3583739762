import { defineProvides } from "remote-kit/contracts";

/**
 * What team catalog exposes (written into its manifest for consumers' checks). Its line-up models are also
 * published as data (data/lineup-models.json), which consumers check by the fields they read.
 */
export const PROVIDES = defineProvides({
  modules: {
    "./routes": { props: {} },
    // kept for consumers of an earlier release, which imported the line-up as a module
    "./lineup-models": { props: {} },
  },
});
