// A fleet buyer's list of units and line-up models (with quantities) and trade-ins, kept on the server until sent as
// one lead: team leads owns the list and its page; teams inventory and catalog put "Add to fleet quote" on their
// units and models with the form described here (FLEET_QUOTE_ADD), which posts to the list's page.

/** The list's limits, its cookie and its page: the one place the renderer, the host and the API read them from. */
export const FLEET_QUOTE = {
  /**
   * A first-party cookie holding only the list's random key (no personal data), HttpOnly; team leads' prefix, so
   * the host hands it to team leads alone.
   */
  cookie: "leads_fleet_quote",
  /** The list is forgotten this long after it last changed (the cookie lasts as long). */
  maxAgeDays: 30,
  maxLines: 30,
  maxQuantity: 99,
  maxTradeIns: 10,
  /** The list's key: 32 random bytes, base64url. */
  tokenPattern: /^[A-Za-z0-9_-]{43}$/,
} as const;

/**
 * "Add to fleet quote", as any team renders it: a form posting these fields to the list's page
 * (paths.fleetQuote()), with FORM_FIELD set to `form`, that the page's script sends in place to `api` (remote-kit
 * IN_PLACE_FORM: the form names `api`, holds a status element, and team leads' count, its fragment
 * `./fleet-quote-count`, names `countUpdate`). Without scripts the visitor lands on the list; with them the form
 * says it was added, and the count how many units the list holds, with no team's code in the browser.
 */
export const FLEET_QUOTE_ADD = {
  /** The FORM_FIELD value ("fleet-form"): team leads takes it. */
  form: "leads:fleet-quote-add",
  /** Marks the form (styles, tests). */
  attribute: "data-fleet-quote-add",
  /** Where the page's script sends it (JSON): the API adds it to the visitor's list (its cookie). */
  api: "/api/fleet-quote/lines",
  /** The text the API's answer updates: the count beside "Your fleet quote". */
  countUpdate: "fleet-quote-count",
  fields: {
    kind: "kind",
    stockNumber: "stock_number",
    modelId: "model_id",
    make: "make",
    model: "model",
    quantity: "quantity",
  },
  quantityLabel: "Quantity",
  submitLabel: "Add to fleet quote",
} as const;

export type FleetQuoteLineKind = "unit" | "model";

/** One line of the list: an inventory unit, or a line-up model (to be ordered), with how many and any upfit notes. */
export interface FleetQuoteLine {
  id: string;
  kind: FleetQuoteLineKind;
  stock_number: string;
  model_id: string;
  /** "2025 Isuzu NPR-HD Gas (stock A1234)", "Chevrolet Silverado 2500HD (line-up model)" */
  label: string;
  year: number | null;
  make: string;
  model: string;
  vin: string;
  quantity: number;
  notes: string;
  /** A unit still in stock; false once it sold (the line stays, the desk sees it). */
  available: boolean;
  /**
   * A line-up model whose make and name are the line-up's own, taken from team catalog's published line-up when it
   * was added. False for a unit (the inventory names it), and for a model added while the line-up could not be
   * read: its make and name are then as the page sent them, and nothing sent to the visitor repeats them.
   */
  from_lineup: boolean;
}

export interface FleetQuoteTradeIn {
  id: string;
  year: number;
  make: string;
  model: string;
  vin: string;
  odometer_km: number;
  notes: string;
}

export interface FleetQuoteList {
  lines: FleetQuoteLine[];
  trade_ins: FleetQuoteTradeIn[];
  /** Units asked for, every line's quantity added up. */
  unit_count: number;
}

export const EMPTY_FLEET_QUOTE: FleetQuoteList = { lines: [], trade_ins: [], unit_count: 0 };
