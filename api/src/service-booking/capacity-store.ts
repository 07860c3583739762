import type { ServiceCapacity } from "shared-types";
import { serviceCapacitySchema } from "shared-types/schemas";
import type { Database } from "../db/database.js";
import { SettingsRow } from "../db/settings-row.js";
import { DEFAULT_SERVICE_CAPACITY } from "./default-capacity.js";

/** What the service department can book (bays, kinds of appointment, booking hours), set by its manager. */
export class ServiceCapacityStore extends SettingsRow<ServiceCapacity> {
  constructor(db: Database, maxAgeMs?: number) {
    super(
      db,
      {
        table: "service_capacity",
        safeParse: (raw) => serviceCapacitySchema.safeParse(raw),
        defaults: DEFAULT_SERVICE_CAPACITY,
      },
      maxAgeMs,
    );
  }
}
