import type { Vehicle } from "shared-types";

/**
 * Whole units as the API answers them (read, checked and sanitized once), kept between requests: at most
 * `capacity`, the first kept forgotten first. A read begun before a unit was forgotten is not kept: it may predate
 * the change that made the unit forgotten.
 */
export class UnitMemory {
  private readonly units = new Map<string, Vehicle>();
  private forgettings = 0;

  constructor(readonly capacity: number) {}

  get(stock: string): Vehicle | undefined {
    return this.units.get(stock);
  }

  has(stock: string): boolean {
    return this.units.has(stock);
  }

  get size(): number {
    return this.units.size;
  }

  /** Taken before a read from the database, and handed to `keep` with what it read. */
  get mark(): number {
    return this.forgettings;
  }

  /** Keeps what a read found, unless something was forgotten since it began (`mark`). */
  keep(vehicles: readonly Vehicle[], mark: number): void {
    if (mark !== this.forgettings) return;
    for (const vehicle of vehicles) {
      this.units.delete(vehicle.stock_number);
      this.units.set(vehicle.stock_number, vehicle);
    }
    while (this.units.size > this.capacity) this.units.delete(this.units.keys().next().value as string);
  }

  forget(stock: string): void {
    this.forgettings++;
    this.units.delete(stock);
  }

  forgetAll(): void {
    this.forgettings++;
    this.units.clear();
  }
}
