import {
  chargesTotalCents,
  type InventoryListing,
  type Photo,
  toVehicleListing,
  type VehicleListing,
} from "shared-types";

/**
 * What a unit's card shows, and all a list island's props carry of it: its listing with its first photo alone and
 * its charges as their total. The props are written into the page (as an attribute, every quote escaped): a whole
 * listing's photos and charges' labels doubled the inventory page's props for what no card shows.
 */
export type VehicleCard = Omit<VehicleListing, "photos" | "charges"> & { photo: Photo | null; charges_cents: number };

export type InventoryCards = Omit<InventoryListing, "vehicles"> & { vehicles: VehicleCard[] };

/** A unit's card, of its listing or of the whole unit (a vehicle page's similar units). */
export function toVehicleCard(vehicle: VehicleListing): VehicleCard {
  const { photos, charges, ...unit } = toVehicleListing(vehicle);
  return { ...unit, photo: photos[0] ?? null, charges_cents: chargesTotalCents(charges) };
}

export const toInventoryCards = (result: InventoryListing): InventoryCards => ({
  ...result,
  vehicles: result.vehicles.map(toVehicleCard),
});
