import { defineProvides } from "remote-kit/contracts";

/** What team service exposes (written into its manifest for consumers' checks): its route table only. */
export const PROVIDES = defineProvides({ modules: { "./routes": { props: {} } } });
