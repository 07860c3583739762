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
export type Illustration = keyof typeof ILLUSTRATIONS;

/**
 * The dealer API draws the same kinds of vehicle at any size as a real URL (link previews need an address, not the
 * inlined drawing the page shows).
 */
const API_DRAWING_SHAPES: Record<Illustration, string> = {
  compactPickup: "pickup",
  heavyDutyPickup: "hd-pickup",
  cargoVan: "van",
  lowCabForward: "box-truck",
  mediumDutyTruck: "medium-truck",
  electricTruck: "ev-truck",
};

/** The social-card image of a model drawn with `image`: the API's drawing of the same kind, 1200 px wide. */
export function socialImageFor(image: string): string | undefined {
  const entry = (Object.entries(ILLUSTRATIONS) as [Illustration, string][]).find(([, src]) => src === image);
  return entry ? `/api/media/vehicles/${API_DRAWING_SHAPES[entry[0]]}/f4f5f6/1/r1200` : undefined;
}

export const ILLUSTRATION_WIDTH = 640;
export const ILLUSTRATION_HEIGHT = 400;
