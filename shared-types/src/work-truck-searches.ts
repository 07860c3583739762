import type { InventoryFilter } from "./inventory-facets.js";
import { inventoryHref } from "./inventory-filter.js";
import type { Manufacturer } from "./lineup.js";

/** A search fleet buyers make often, as a link: the home page and the line-up pages open the inventory with it. */
export interface WorkTruckSearch {
  id: string;
  label: string;
  filter: Partial<InventoryFilter>;
  /** the line-up page it belongs on */
  lineup: Manufacturer;
}

const BOXES = ["dry-freight-box", "refrigerated-box"] as const;

export const WORK_TRUCK_SEARCHES: readonly WorkTruckSearch[] = [
  {
    id: "class-3-box-trucks",
    label: "Class 3 box trucks",
    filter: { gvwr_class: [3], body_type: [...BOXES] },
    lineup: "isuzu",
  },
  {
    id: "class-4-5-box-trucks",
    label: "Class 4-5 box trucks",
    filter: { gvwr_class: [4, 5], body_type: [...BOXES] },
    lineup: "isuzu",
  },
  {
    id: "refrigerated-trucks",
    label: "Refrigerated trucks",
    filter: { body_type: ["refrigerated-box"] },
    lineup: "isuzu",
  },
  {
    id: "dump-landscape-trucks",
    label: "Dump and landscape trucks",
    filter: { body_type: ["dump", "landscape"] },
    lineup: "isuzu",
  },
  { id: "cab-chassis", label: "Cab chassis ready to upfit", filter: { body_type: ["cab-chassis"] }, lineup: "isuzu" },
  { id: "class-6-7-trucks", label: "Class 6-7 medium-duty trucks", filter: { gvwr_class: [6, 7] }, lineup: "isuzu" },
  {
    id: "electric-trucks",
    label: "Electric work trucks",
    filter: { fuel: ["electric"], make: ["Isuzu"] },
    lineup: "isuzu",
  },
  {
    id: "class-3-diesel-pickups",
    label: "Class 3 diesel pickups",
    filter: { gvwr_class: [3], body_type: ["pickup"], fuel: ["diesel"] },
    lineup: "gm",
  },
  {
    id: "crew-cab-pickups",
    label: "Crew cab pickups",
    filter: { body_type: ["pickup"], cab_type: ["crew"] },
    lineup: "gm",
  },
  { id: "cargo-vans", label: "Cargo vans", filter: { body_type: ["cargo-van"] }, lineup: "gm" },
];

export const workTruckSearchHref = (search: WorkTruckSearch) => inventoryHref(search.filter);
