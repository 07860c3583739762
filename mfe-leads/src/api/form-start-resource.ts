import { defineResource } from "remote-kit";

/**
 * When the page was served, as the API signed it: rendered into every form's HTML, so the fill-time guard counts
 * from the moment the visitor could first see the form, whether or not its code ever runs.
 */
export const formStartResource = defineResource("leads:form-start", async () =>
  (await import("./page-form-start")).fetchFormStartForPage(),
);
