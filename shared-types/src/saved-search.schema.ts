import { z } from "zod/mini";
import { EMAIL_PATTERN } from "./lead-forms.js";
import { SAVED_SEARCH, SAVED_SEARCH_CONSENT } from "./saved-search.js";
import { identifier, safeText } from "./text.schema.js";

/**
 * "Email me new matches": the address, the search as the inventory page's address writes it (its search text and
 * its filters' JSON), and express consent (a box the visitor ticked; never ticked for them).
 */
export const savedSearchRequestSchema = z.object({
  email: safeText(254).check(
    z.refine((email) => email !== "", "Email is required"),
    z.refine((email) => email === "" || EMAIL_PATTERN.test(email), "Enter a valid email address"),
  ),
  search: z._default(safeText(100), ""),
  filters: z._default(safeText(4000), ""),
  consent: z
    .pipe(
      z.union([z.boolean(), z.string()]),
      z.transform((value) => value === true || value === "on" || value === "true"),
    )
    .check(z.refine((given) => given, "Tick the box to agree to these emails: we send nothing without it")),
  consent_version: z._default(z.literal(SAVED_SEARCH_CONSENT.version), SAVED_SEARCH_CONSENT.version),
});
export type SavedSearchRequest = z.output<typeof savedSearchRequestSchema>;

export const savedSearchTokenSchema = identifier(SAVED_SEARCH.tokenPattern, "the token of a saved search's link");
