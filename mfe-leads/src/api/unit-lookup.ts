import { apiPaths, type LineupModel, loadPeerModule, type Trailer, type Vehicle, vehicleSchema } from "shared-types";
import { apiClient } from "./api-client";

/** What the more-info page shows about the unit a visitor asks about. */
export interface UnitSummary {
  kind: "vehicle" | "trailer";
  stockNumber: string;
  title: string;
  image: string | null;
  href: string;
}

/** A vehicle comes from the API; a trailer from team inventory's exposed trailer list. null: no such unit. */
export async function findUnit(stockNumber: string): Promise<UnitSummary | null> {
  try {
    const { data } = await apiClient.get<Vehicle>(apiPaths.inventoryByStockNumber(stockNumber));
    const v = vehicleSchema.parse(data);
    return {
      kind: "vehicle",
      stockNumber,
      title: `${v.year} ${v.make} ${v.model}`,
      image: v.primary_image || null,
      href: `/inventory/vehicle/${encodeURIComponent(stockNumber)}`,
    };
  } catch (error) {
    const status = (error as { response?: { status?: number } }).response?.status;
    if (status !== 404) throw error;
  }
  const trailers = await loadPeerModule<{
    TRAILERS: readonly Trailer[];
    trailerThumbnail: (t: Trailer) => string | null;
  }>("inventory/trailers");
  const trailer = trailers?.TRAILERS.find((t) => t.stock_number === stockNumber);
  if (!trailer || !trailers) return null;
  return {
    kind: "trailer",
    stockNumber,
    title: trailer.name,
    image: trailers.trailerThumbnail(trailer),
    href: `/trailer-inventory/${encodeURIComponent(stockNumber)}`,
  };
}

/** Line-up models are team catalog's data; it exposes them for the inquiry and quote pages. */
export async function findLineupModel(id: string): Promise<LineupModel | null> {
  const catalog = await loadPeerModule<{ findLineupModel: (id: string) => LineupModel | undefined }>(
    "catalog/lineup-models",
  );
  return catalog?.findLineupModel(id) ?? null;
}
