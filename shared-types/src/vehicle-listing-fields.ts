// No imports: the schemas (vehicle.schema.ts, which checks each is a unit's field) and the types both read it.
/** What a list of units shows of each: its card (photo, title, work-truck facts, price), and no more. */
export const VEHICLE_LISTING_FIELDS = [
  "stock_number",
  "status",
  "year",
  "make",
  "model",
  "trim",
  "condition",
  "body_style",
  "exterior",
  "odometer",
  "primary_image",
  "photos",
  "full_price",
  "low_price",
  "charges",
  "gvwr_class",
  "body_type",
  "body_length_ft",
  "fuel",
] as const;
