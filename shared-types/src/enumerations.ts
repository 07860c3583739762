// The fixed value lists the contracts are built from. A leaf: the schemas and the modules of types and rules both
// import it, and it imports nothing, so neither has to import the other's values.

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

export const MANUFACTURERS = ["gm", "isuzu"] as const;

/** The dealership's departments: leads, specials, hours and closures are each one's. */
export const DEPARTMENTS = ["sales", "service", "parts"] as const;

/** A department as staff and visitors read its name. */
export const DEPARTMENT_NAMES = { sales: "Sales", service: "Service", parts: "Parts" } as const satisfies Record<
  (typeof DEPARTMENTS)[number],
  string
>;

export const PROMOTION_DEPARTMENTS = DEPARTMENTS;

export const VEHICLE_CONDITIONS = ["new", "used"] as const;

/** A sale-pending unit is still shown (marked as such); a sold one is gone from the site. */
export const VEHICLE_STATUSES = ["available", "sale_pending", "sold"] as const;

export const VEHICLE_MAKES = ["Isuzu", "Chevrolet", "GMC", "Buick", "Cadillac"] as const;

/**
 * Alberta's Automotive Business Regulation s.11(2)(l): an advertised price includes every charge the buyer must
 * pay (freight and PDI, administration and documentation fees, levies, accessories installed on the unit) except
 * GST and the cost of financing. Each unit carries its charges; the site advertises the all-in amount.
 */
export const UNIT_CHARGE_KINDS = ["freight_pdi", "admin_fee", "levy", "accessory"] as const;

/** The staff desk's roles, as staff:invite and the desk's invitation form take them (what each may do: staff.ts). */
export const STAFF_ROLES = ["admin", "sales_manager", "service_manager", "marketing"] as const;
