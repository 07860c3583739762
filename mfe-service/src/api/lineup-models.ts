import { type LineupModel, loadPeerModule } from "shared-types";

/**
 * Line-up models are team catalog's data (catalog/lineup-models). null: no such model. Rejects when catalog
 * cannot be reached, which the caller treats differently from an unknown id.
 */
export async function findLineupModel(id: string): Promise<LineupModel | null> {
  const catalog = await loadPeerModule<{ findLineupModel: (id: string) => LineupModel | undefined }>(
    "catalog/lineup-models",
  );
  return catalog?.findLineupModel(id) ?? null;
}
