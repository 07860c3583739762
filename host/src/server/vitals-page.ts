/** Team host: the Web Vitals script's source, an entry of the host's build of its own (vite.config.ts). */
export const VITALS_SOURCE = "src/vitals/report-vitals.ts";
