/** The drawings a unit without photographs is shown with: one per kind of body. */
export type VehicleShape = "pickup" | "hd-pickup" | "van" | "box-truck" | "medium-truck" | "suv" | "ev-truck";

/**
 * Drawn side views for inventory photos: the dealership ships no manufacturer photography, so every
 * image URL the seed writes resolves to one of these. `view` varies the backdrop so thumbnails differ.
 */
const BODIES: Record<VehicleShape, { body: string; glass: string; wheels: number[]; extra?: string }> = {
  pickup: {
    body: "M70 250 L70 205 L300 205 L300 160 Q305 140 330 138 L430 138 Q450 140 470 175 L560 190 Q585 195 588 215 L590 262 L70 262 Z",
    glass: "M318 152 L425 150 Q440 152 455 180 L318 182 Z",
    wheels: [155, 500],
  },
  "hd-pickup": {
    body: "M60 255 L60 200 L300 200 L300 150 Q305 128 332 126 L440 126 Q458 128 480 168 L570 182 Q596 188 598 210 L600 268 L60 268 Z",
    glass: "M318 140 L432 138 Q448 140 466 172 L318 176 Z",
    wheels: [150, 505],
    extra: '<rect x="586" y="214" width="18" height="22" rx="3" fill="#c9ccd0"/>',
  },
  van: {
    body: "M60 262 L60 130 Q62 112 82 110 L450 110 Q478 112 510 160 L570 196 Q592 206 592 230 L592 264 Z",
    glass: "M455 124 Q474 128 500 168 L455 170 Z",
    wheels: [150, 500],
  },
  "box-truck": {
    body: "M40 250 L40 90 L400 90 L400 250 Z M410 262 L410 128 Q412 110 432 110 L530 110 Q552 114 566 150 L592 200 Q600 214 600 236 L600 266 L410 266 Z",
    glass: "M438 124 L528 124 Q542 128 552 160 L438 160 Z",
    wheels: [130, 300, 520],
  },
  "medium-truck": {
    body: "M30 246 L30 70 L390 70 L390 246 Z M402 266 L402 118 Q404 96 430 94 L530 94 Q560 98 574 140 L600 196 Q610 214 610 238 L610 268 L402 268 Z",
    glass: "M432 110 L528 110 Q546 114 558 150 L432 150 Z",
    wheels: [120, 300, 530],
  },
  suv: {
    body: "M60 258 L62 190 Q70 150 120 140 L200 118 Q230 106 300 106 L430 108 Q470 112 500 150 L560 172 Q590 180 594 212 L594 262 Z",
    glass: "M150 150 L215 126 Q240 118 300 118 L420 120 Q450 124 470 152 Z",
    wheels: [165, 485],
  },
  "ev-truck": {
    body: "M40 250 L40 90 L400 90 L400 250 Z M410 262 L410 128 Q412 110 432 110 L530 110 Q552 114 566 150 L592 200 Q600 214 600 236 L600 266 L410 266 Z",
    glass: "M438 124 L528 124 Q542 128 552 160 L438 160 Z",
    wheels: [130, 300, 520],
    extra: '<path d="M200 140 L175 180 L200 180 L185 215 L230 165 L205 165 L222 140 Z" fill="#2e9e5b"/>',
  },
};

const BACKDROPS = ["#eef1f4", "#e6ebe3", "#f1ece4", "#e3e9f0", "#ece6ef", "#e9eef0", "#f0efe6"];

export const VEHICLE_SHAPES = Object.keys(BODIES) as VehicleShape[];

export function vehicleIllustrationSvg(shape: VehicleShape, hex: string, view: number, width: number): string {
  const b = BODIES[shape];
  const backdrop = BACKDROPS[(view - 1) % BACKDROPS.length];
  const height = Math.round((width * 400) / 640);
  const flip = view % 2 === 0 ? ' transform="translate(640 0) scale(-1 1)"' : "";
  const wheels = b.wheels
    .map((x) => `<circle cx="${x}" cy="270" r="40" fill="#23262a"/><circle cx="${x}" cy="270" r="17" fill="#9aa0a6"/>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" width="${width}" height="${height}" role="img" aria-label="Illustration of a ${shape.replace("-", " ")}">
<rect width="640" height="400" fill="${backdrop}"/><rect y="310" width="640" height="90" fill="#d5d9de"/>
<g${flip}><ellipse cx="320" cy="312" rx="290" ry="12" fill="#000" opacity=".12"/>
<path d="${b.body}" fill="#${hex}" stroke="#1d1f22" stroke-width="3" stroke-linejoin="round"/>
<path d="${b.glass}" fill="#2c3e50" opacity=".85"/>${b.extra ?? ""}${wheels}</g></svg>`;
}

const BANNERS: Record<string, { title: string; line: string; colour: string }> = {
  "hd-pickups": { title: "Heavy Duty Pickups", line: "Silverado HD and Sierra HD in stock now", colour: "#1f3552" },
  "diesel-oil-change": {
    title: "Diesel Oil Change Special",
    line: "Oil, filter and 40-point inspection",
    colour: "#7a1f24",
  },
};

export function bannerSvg(id: string): string | null {
  const banner = Object.hasOwn(BANNERS, id) ? BANNERS[id] : undefined;
  if (!banner) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400" width="1200" height="400" role="img" aria-label="${banner.title}">
<rect width="1200" height="400" fill="${banner.colour}"/><rect x="40" y="40" width="1120" height="320" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="4"/>
<text x="600" y="190" font-family="Arial, Helvetica, sans-serif" font-size="72" font-weight="700" fill="#fff" text-anchor="middle">${banner.title}</text>
<text x="600" y="270" font-family="Arial, Helvetica, sans-serif" font-size="36" fill="#fff" text-anchor="middle">${banner.line}</text></svg>`;
}

const TRAILER_BODIES: Record<string, string> = {
  enclosed:
    '<rect x="80" y="110" width="440" height="150" rx="6" fill="#e9ecef" stroke="#1d1f22" stroke-width="3"/><path d="M520 240 L600 250" stroke="#1d1f22" stroke-width="6"/>',
  flat: '<rect x="60" y="226" width="470" height="18" fill="#8a5a2b" stroke="#1d1f22" stroke-width="3"/><path d="M530 240 L600 250" stroke="#1d1f22" stroke-width="6"/>',
  wedge:
    '<path d="M60 244 L530 226 L530 244 Z" fill="#6f7479" stroke="#1d1f22" stroke-width="3"/><path d="M530 240 L600 250" stroke="#1d1f22" stroke-width="6"/>',
};

/** Trailer photos are drawn too: an enclosed box, a flat deck or a wedge, by the stock number's trailer type. */
export function trailerIllustrationSvg(kind: "enclosed" | "flat" | "wedge", view: number): string {
  const backdrop = BACKDROPS[(view - 1) % BACKDROPS.length];
  const wheels = [250, 330]
    .map((x) => `<circle cx="${x}" cy="272" r="30" fill="#23262a"/><circle cx="${x}" cy="272" r="12" fill="#9aa0a6"/>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" width="640" height="400" role="img" aria-label="Illustration of a trailer">
<rect width="640" height="400" fill="${backdrop}"/><rect y="302" width="640" height="98" fill="#d5d9de"/>${TRAILER_BODIES[kind]}${wheels}</svg>`;
}
