import type { DeskUnit, UnitOverride } from "shared-types";
import type { Database } from "../db/database.js";
import { type AuditActor, writeAudit } from "./audit.js";

/**
 * Staff changes to a unit (a sale price, a status, hidden), always with a reason: the site shows them at once, and
 * the feed's price and status for the unit give way to them (inventory-import.ts) until they are cleared. The desk
 * and the admin token both change units here, audited alike.
 */
export class UnitOverrides {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  private at() {
    return new Date(this.now()).toISOString();
  }

  private static readonly UNIT_COLUMNS = `stock_number, year, make, model, trim, full_price, low_price as sale_price,
    status, hidden, staff_override`;

  /** Units by stock number, VIN, make or model (hidden ones too: the desk can show them again). */
  async findUnits(text: string): Promise<DeskUnit[]> {
    const words = `%${text.trim().toLowerCase()}%`;
    return this.db.query<DeskUnit>(
      `select ${UnitOverrides.UNIT_COLUMNS} from vehicles
       where lower(stock_number) like $1 or lower(vin) like $1 or lower(make || ' ' || model) like $1
       order by status = 'sold', stock_number limit 50`,
      [words],
    );
  }

  async unit(stock: string): Promise<DeskUnit | null> {
    const [unit] = await this.db.query<DeskUnit>(
      `select ${UnitOverrides.UNIT_COLUMNS} from vehicles where stock_number = $1`,
      [stock],
    );
    return unit ?? null;
  }

  /**
   * Sets a unit's sale price, status or visibility for a reason: the site shows it at once, and the feed's price and
   * status for the unit give way to it (inventory-import.ts) until it is cleared.
   */
  async overrideUnit(
    stock: string,
    change: { sale_price?: number; status?: DeskUnit["status"]; hidden?: boolean; reason: string },
    by: AuditActor,
  ): Promise<DeskUnit | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.query<DeskUnit>(
        `select ${UnitOverrides.UNIT_COLUMNS} from vehicles where stock_number = $1 for update`,
        [stock],
      );
      if (!before) return null;
      const override: UnitOverride = {
        ...(before.staff_override ?? {}),
        ...(change.sale_price === undefined ? {} : { sale_price: change.sale_price }),
        ...(change.status === undefined ? {} : { status: change.status }),
        ...(change.hidden === undefined ? {} : { hidden: change.hidden }),
        reason: change.reason,
        by: by.email,
        at: this.at(),
      };
      const [after] = await tx.query<DeskUnit>(
        `update vehicles set
           low_price = coalesce($2, low_price),
           discount = case when $2::int is null then discount else greatest(full_price - $2::int, 0) end,
           status = coalesce($3, status),
           hidden = coalesce($4, hidden),
           staff_override = $5
         where stock_number = $1 returning ${UnitOverrides.UNIT_COLUMNS}`,
        [stock, change.sale_price ?? null, change.status ?? null, change.hidden ?? null, JSON.stringify(override)],
      );
      await writeAudit(tx, by, "unit.override", `unit:${stock}`, before, after);
      return after ?? null;
    });
  }

  /** Clears a unit's staff change: it stays as it is until the next feed import, which then sets its price and status. */
  async clearOverride(stock: string, by: AuditActor): Promise<DeskUnit | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.query<DeskUnit>(
        `select ${UnitOverrides.UNIT_COLUMNS} from vehicles where stock_number = $1 for update`,
        [stock],
      );
      if (!before) return null;
      // a hidden unit is shown again: hiding is only ever a staff change
      const [after] = await tx.query<DeskUnit>(
        `update vehicles set staff_override = null, hidden = false where stock_number = $1
         returning ${UnitOverrides.UNIT_COLUMNS}`,
        [stock],
      );
      await writeAudit(tx, by, "unit.override.clear", `unit:${stock}`, before, after);
      return after ?? null;
    });
  }
}
