import type { UnitCharge, Vehicle } from "shared-types";

/**
 * What the dealership charges on a unit besides its own price, as it lists them for the all-in price (Alberta's
 * Automotive Business Regulation s.11(2)(l)): freight and PDI on new units by maker, the administration fee, the
 * levies (AMVIC's per sale, Alberta's tire recycling fee per tire, the federal air-conditioning excise tax on new
 * units), and accessories installed on the unit. GST and financing are never in it.
 */
export const ADMINISTRATION_FEE_CENTS = 49_900;
export const AMVIC_LEVY_CENTS = 625;
export const TIRE_LEVY_CENTS_PER_TIRE = 400;
export const AC_EXCISE_TAX_CENTS = 10_000;

const FREIGHT_PDI_CENTS: Record<string, number> = {
  Isuzu: 319_500,
  GMC: 239_500,
  Chevrolet: 239_500,
  Buick: 219_500,
  Cadillac: 239_500,
};

/** Dual rear wheels on the cab chassis trucks: six tires, not four. */
const tiresOn = (v: Pick<Vehicle, "body_style">) => (v.body_style === "Cab Chassis" ? 6 : 4);

/** A stable number from the stock number, so the same unit always carries the same installed accessory. */
const stockHash = (stock: string) => [...stock].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

export function standardCharges(v: Pick<Vehicle, "make" | "condition" | "body_style" | "stock_number">): UnitCharge[] {
  const tires = tiresOn(v);
  const charges: UnitCharge[] = [];
  if (v.condition === "new") {
    charges.push({ kind: "freight_pdi", label: "Freight and PDI", amount_cents: FREIGHT_PDI_CENTS[v.make] ?? 239_500 });
  }
  charges.push({ kind: "admin_fee", label: "Administration fee", amount_cents: ADMINISTRATION_FEE_CENTS });
  charges.push({ kind: "levy", label: "AMVIC levy", amount_cents: AMVIC_LEVY_CENTS });
  charges.push({
    kind: "levy",
    label: `Alberta tire recycling fee (${tires} tires)`,
    amount_cents: TIRE_LEVY_CENTS_PER_TIRE * tires,
  });
  if (v.condition === "new") {
    charges.push({ kind: "levy", label: "Federal air-conditioning excise tax", amount_cents: AC_EXCISE_TAX_CENTS });
  }
  const hash = stockHash(v.stock_number);
  if (v.body_style === "Pickup" && hash % 3 === 0) {
    charges.push({ kind: "accessory", label: "Spray-in bedliner, installed", amount_cents: 59_500 });
  } else if (v.body_style === "Cargo Van" && hash % 3 === 0) {
    charges.push({ kind: "accessory", label: "Shelving and partition package, installed", amount_cents: 284_950 });
  }
  return charges;
}
