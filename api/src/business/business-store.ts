import type { BusinessDetails } from "shared-types";
import { businessDetailsSchema } from "shared-types/schemas";
import type { Database } from "../db/database.js";
import { SettingsRow } from "../db/settings-row.js";
import { DEFAULT_BUSINESS_DETAILS } from "./default-business-details.js";

/** The dealership's details (phones, hours, closures, address): one row, the site's one source. */
export class BusinessDetailsStore extends SettingsRow<BusinessDetails> {
  constructor(db: Database, maxAgeMs?: number) {
    super(
      db,
      {
        table: "business_details",
        safeParse: (raw) => businessDetailsSchema.safeParse(raw),
        defaults: DEFAULT_BUSINESS_DETAILS,
      },
      maxAgeMs,
    );
  }
}
