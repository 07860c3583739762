import cargoVan from "../assets/illustrations/cargo-van.svg";
import compactPickup from "../assets/illustrations/compact-pickup.svg";
import electricTruck from "../assets/illustrations/electric-truck.svg";
import heavyDutyPickup from "../assets/illustrations/heavy-duty-pickup.svg";
import lowCabForward from "../assets/illustrations/low-cab-forward.svg";
import mediumDutyTruck from "../assets/illustrations/medium-duty-truck.svg";

/** Drawn illustrations (no manufacturer photography may be shipped), 640×400 each. */
export const ILLUSTRATIONS = {
  compactPickup,
  heavyDutyPickup,
  cargoVan,
  lowCabForward,
  mediumDutyTruck,
  electricTruck,
} as const;
export const ILLUSTRATION_WIDTH = 640;
export const ILLUSTRATION_HEIGHT = 400;
