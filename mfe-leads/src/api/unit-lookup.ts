import { loadDeclaredPeerData } from "remote-kit";
import { apiPaths, paths } from "shared-types";
import { stockNumberSchema, vehicleSchema } from "shared-types/schemas";
import CONSUMES from "../contracts/consumes";
import { api } from "./api-client";

/** What the more-info page shows about the unit a visitor asks about. */
export interface UnitSummary {
  kind: "vehicle" | "trailer";
  stockNumber: string;
  title: string;
  image: string | null;
  href: string;
}

/** A vehicle comes from the API; a trailer from team inventory's published trailers. null: no such unit. */
export async function findUnit(stockNumber: string): Promise<UnitSummary | null> {
  // a mangled link's stock number is no unit's: nothing to ask the API
  if (!stockNumberSchema.safeParse(stockNumber).success) return null;
  try {
    const { data } = await api().get(apiPaths.inventoryByStockNumber(stockNumber));
    const v = vehicleSchema.parse(data);
    return {
      kind: "vehicle",
      stockNumber,
      title: `${v.year} ${v.make} ${v.model}`,
      image: v.primary_image || null,
      href: paths.vehicle(stockNumber),
    };
  } catch (error) {
    const status = (error as { response?: { status?: number } }).response?.status;
    if (status !== 404) throw error;
  }
  const trailers = await loadDeclaredPeerData(CONSUMES.data.trailers);
  const trailer = trailers.find((t) => t.stock_number === stockNumber);
  if (!trailer) return null;
  return {
    kind: "trailer",
    stockNumber,
    title: trailer.name,
    image: trailer.thumbnail,
    href: paths.trailer(stockNumber),
  };
}
