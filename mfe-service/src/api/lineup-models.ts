import { type LineupModel, loadPeerModule } from "shared-types";

/** Line-up models are team catalog's data (catalog/lineup-models); null when unknown or unreachable. */
export async function findLineupModel(id: string): Promise<LineupModel | null> {
  try {
    const catalog = await loadPeerModule<{ findLineupModel: (id: string) => LineupModel | undefined }>(
      "catalog/lineup-models",
    );
    return catalog?.findLineupModel(id) ?? null;
  } catch {
    return null;
  }
}
