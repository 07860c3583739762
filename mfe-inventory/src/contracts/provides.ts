import { defineProvides } from "remote-kit/contracts";

/**
 * What team inventory exposes (written into its manifest for consumers' checks). Its trailers are also published
 * as data (data/trailers.json), which consumers check by the fields they read.
 */
export const PROVIDES = defineProvides({
  modules: {
    "./routes": { props: {} },
    // kept for consumers of an earlier release, which imported the trailers as a module
    "./trailers": { props: {} },
  },
});
