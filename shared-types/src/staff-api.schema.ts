import { z } from "zod/mini";
// configures zod before any schema here is built: no eval (text.schema.ts)
import "./text.schema.js";
import { businessDetailsSchema, calendarDateSchema, siteNoticeSchema, weekHoursSchema } from "./business.schema.js";
import { DEPARTMENTS, STAFF_ROLES, VEHICLE_STATUSES } from "./enumerations.js";
import { specialInputSchema } from "./promotion.schema.js";
import { serviceCapacitySchema } from "./service-booking.schema.js";
import type { StaffAccess } from "./staff.js";
import { vitalSummarySchema } from "./vitals.schema.js";

// The API's staff routes (/api/staff/*), each with what it takes and what it answers: the API registers its routes
// from this table (Fastify checks each request by it) and the desk's client is derived from it (it checks each
// answer by it). A route is added here, then answered by the API and called by the desk.

/**
 * How the desk tells the staff listener whose request it passes on: the visitor's address, believed only beside the
 * desk's own key (STAFF_DESK_KEY), so failed sign-ins count against each visitor and never against the desk itself.
 */
export const STAFF_DESK_HEADERS = { key: "x-desk-key", client: "x-desk-client" } as const;

const departmentSchema = z.enum(DEPARTMENTS);
const departmentsSchema = z.readonly(z.array(departmentSchema));
const tokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, "a link's or session's token"));
const emailSchema = z.email("an email address").check(z.maxLength(254));
const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(120)) });
const stockParams = z.object({ stock: z.string().check(z.regex(/^[A-Za-z0-9-]{1,40}$/, "a stock number")) });

export const staffMemberSchema = z.object({ id: z.string(), email: z.string(), role: z.enum(STAFF_ROLES) });

/** What a role includes (shared-types ROLE_GRANTS), as GET /me answers it beside the member. */
export const staffGrantsSchema = z.object({
  leads: departmentsSchema,
  specials: departmentsSchema,
  hours: departmentsSchema,
  staff: z.boolean(),
  audit: z.boolean(),
  business: z.boolean(),
  units: z.boolean(),
  feeds: z.boolean(),
  texts: z.boolean(),
  speed: z.boolean(),
  bookings: z.boolean(),
});

/** A member as the staff page lists them: active, or disabled (signed out everywhere, kept for the audit log). */
export const staffListingSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  created_at: z.string(),
  disabled_at: z.nullable(z.string()),
});

const signedInSchema = z.object({ session: z.string(), member: staffMemberSchema });
const messageSchema = z.object({ message: z.string() });
/** A WebAuthn ceremony's options and the id the answer is sent back with. */
const ceremonySchema = z.object({ ceremony: z.string(), options: z.unknown() });
/** A browser's answer to a passkey ceremony: checked whole by the WebAuthn library; here only its outline. */
export const ceremonyAnswerSchema = z.object({
  ceremony: z.uuid("a ceremony's id"),
  response: z.looseObject({
    id: z.string().check(z.minLength(1), z.maxLength(1024)),
    type: z.literal("public-key"),
  }),
});

/** A booking as the service manager's day shows it: who, when, which bays, and where it stands. */
export const deskBookingSchema = z.object({
  id: z.string(),
  lead_id: z.string(),
  reference: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  date: z.string(),
  clock: z.string(),
  status: z.enum(["booked", "confirmed", "arrived", "ready", "no-show", "cancelled"]),
  stay: z.enum(["wait", "drop-off"]),
  name: z.string(),
  company: z.string(),
  phone: z.string(),
  email: z.string(),
  /** The fleet's recurring plan that booked it, in words, or "" */
  plan: z._default(z.string(), ""),
  units: z.array(
    z.object({
      kind: z.string(),
      kind_name: z.string(),
      bay: z.string(),
      year: z.number(),
      make: z.string(),
      model: z.string(),
      vin: z.string(),
      unit_number: z.string(),
      odometer_km: z.nullable(z.number()),
    }),
  ),
});

/** The department's days: its bays, the bookings on them, and each bay's minutes open and still free each day. */
export const serviceDaySchema = z.object({
  from: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      bays: z.array(z.object({ id: z.string(), openMinutes: z.number(), freeMinutes: z.number() })),
    }),
  ),
  bays: z.array(z.object({ id: z.string(), name: z.string() })),
  bookings: z.array(deskBookingSchema),
});

export const LEAD_STATES = ["unclaimed", "claimed", "contacted"] as const;
export const ledgerQuerySchema = z.object({
  state: z.optional(z.enum(LEAD_STATES)),
  q: z.optional(z.string().check(z.maxLength(100))),
  department: z.optional(departmentSchema),
});

export const ledgerLeadSchema = z.object({
  id: z.string(),
  form: z.string(),
  department: departmentSchema,
  received_at: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Each channel's status, and its receipt once delivered: the mail server's message id and reply, the webhook's. */
  deliveries: z.array(
    z.object({
      channel: z.string(),
      status: z.string(),
      delivered_at: z.nullable(z.string()),
      last_error: z.string(),
      receipt: z.string(),
    }),
  ),
  /** When the department's manager was told nobody had claimed it in time. */
  escalated_at: z.nullable(z.string()),
  claimed_by: z.nullable(z.string()),
  claimed_at: z.nullable(z.string()),
  contacted_at: z.nullable(z.string()),
});

export const speedToLeadSchema = z.object({
  department: departmentSchema,
  leads: z.number(),
  contacted: z.number(),
  median_minutes: z.nullable(z.number()),
  p90_minutes: z.nullable(z.number()),
});

export const heldEnquiryListingSchema = z.object({
  id: z.string(),
  reason: z.string(),
  received_at: z.string(),
  department: departmentSchema,
  /** What a desk reads of it, label and value, "Held because" last. */
  summary: z.array(z.tuple([z.string(), z.string()])),
});

const unitStatusSchema = z.enum(VEHICLE_STATUSES);

/** What staff set on a unit, and why: it stands through every feed import until it is cleared. */
export const unitOverrideSchema = z.object({
  sale_price: z.optional(z.number()),
  status: z.optional(unitStatusSchema),
  hidden: z.optional(z.boolean()),
  reason: z.string(),
  by: z.string(),
  at: z.string(),
});

/** A unit as the desk sees it: what the site shows, and the staff change the feed gives way to, if any. */
export const deskUnitSchema = z.object({
  stock_number: z.string(),
  year: z.number(),
  make: z.string(),
  model: z.string(),
  trim: z.string(),
  full_price: z.number(),
  sale_price: z.number(),
  status: unitStatusSchema,
  hidden: z.boolean(),
  staff_override: z.nullable(unitOverrideSchema),
});

/** A change staff make to a unit, always with a reason: the desk's form and the API hold it to the same rules. */
export const unitChangeSchema = z
  .object({
    sale_price: z.optional(
      z
        .number({ error: "Enter the sale price in whole dollars, like 84990" })
        .check(
          z.int("Enter the sale price in whole dollars, like 84990"),
          z.gte(0, "Enter the sale price in whole dollars, like 84990"),
          z.lte(10_000_000, "Enter a sale price under $10,000,000"),
        ),
    ),
    status: z.optional(unitStatusSchema),
    hidden: z.optional(z.boolean()),
    reason: z
      .string()
      .check(
        z.trim(),
        z.minLength(3, "Say why (at least 3 characters): it is kept with the change"),
        z.maxLength(200, "Keep the reason to 200 characters"),
      ),
  })
  .check(
    z.refine(
      (change) => change.sale_price !== undefined || change.status !== undefined || change.hidden !== undefined,
      "Change the price, the status or the visibility, and say why",
    ),
  );

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  staff_email: z.string(),
  action: z.string(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

/** A special as the desk edits it: SPEC's promotion, with a title for the desk, its days, and where it came from. */
export const deskSpecialSchema = z.object({
  id: z.string(),
  department: departmentSchema,
  rank: z.number(),
  title: z.string(),
  html: z.string(),
  image: z.string(),
  url: z.string(),
  /** The first and last days it is shown (Calgary); null: from now, or until removed. */
  starts_on: z.nullable(calendarDateSchema),
  ends_on: z.nullable(calendarDateSchema),
  /** "desk": made on the desk, kept through promotions feeds; "feed": replaced by the next promotions feed. */
  origin: z.enum(["desk", "feed"]),
});

const optionalCount = z.optional(z.number());
/** A feed run as the desk lists it (the API's feed_runs). */
export const deskFeedRunSchema = z.object({
  id: z.string(),
  kind: z.enum(["inventory", "promotions"]),
  source: z.string(),
  started_at: z.string(),
  finished_at: z.nullable(z.string()),
  outcome: z.enum(["running", "imported", "refused", "failed"]),
  report: z.object({
    failed: z.optional(z.string()),
    added: optionalCount,
    updated: optionalCount,
    unchanged: optionalCount,
    marked_sold: optionalCount,
    imported: optionalCount,
    refused: z.optional(z.string()),
    rejected: z.optional(
      z.array(
        z.object({
          line: optionalCount,
          index: optionalCount,
          stock_number: z.optional(z.string()),
          reason: z.string(),
        }),
      ),
    ),
    photo_problems: z.optional(
      z.array(z.object({ line: z.number(), stock_number: z.string(), url: z.string(), reason: z.string() })),
    ),
  }),
});

const feedStartedSchema = z.object({ run_id: z.string(), outcome: z.string() });

/** One of the emails the site sends, as the desk lists it for a preview. */
const emailListingSchema = z.object({ name: z.string(), title: z.string() });
/** An email rendered with made-up data: its subject, its HTML (none for the CRM's ADF) and its text. */
const emailPreviewSchema = z.object({
  ...emailListingSchema.shape,
  subject: z.string(),
  html: z.nullable(z.string()),
  text: z.string(),
});

/** How a route answers when its answer is not JSON: a CSV to download, a file's bytes, or nothing (204). */
export type StaffRawAnswer = "csv" | "bytes" | "none";

export interface StaffRoute {
  method: "GET" | "POST" | "PUT" | "DELETE";
  access: StaffAccess;
  /** Under /api, with :name for each of `params`. */
  path: string;
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** A file's bytes as the body (a feed, an image), of the content type the caller names. */
  upload?: true;
  response: z.ZodMiniType | StaffRawAnswer;
}

const route = <R extends StaffRoute>(definition: R): R => definition;

export const STAFF_API = {
  askForLink: route({
    access: "signed-out",
    method: "POST",
    path: "/staff/sign-in/email",
    body: z.object({ email: emailSchema }),
    response: messageSchema,
  }),
  signInWithLink: route({
    access: "signed-out",
    method: "POST",
    path: "/staff/sign-in/link",
    body: z.object({ token: tokenSchema }),
    response: signedInSchema,
  }),
  passkeySignInOptions: route({
    access: "signed-out",
    method: "POST",
    path: "/staff/sign-in/passkey-options",
    response: ceremonySchema,
  }),
  signInWithPasskey: route({
    access: "signed-out",
    method: "POST",
    path: "/staff/sign-in/passkey",
    body: ceremonyAnswerSchema,
    response: signedInSchema,
  }),
  signOut: route({ access: "signed-in", method: "POST", path: "/staff/sign-out", response: "none" }),
  me: route({
    access: "signed-in",
    method: "GET",
    path: "/staff/me",
    response: z.object({ member: staffMemberSchema, grants: staffGrantsSchema }),
  }),

  passkeys: route({
    access: "signed-in",
    method: "GET",
    path: "/staff/passkeys",
    response: z.object({
      passkeys: z.array(z.object({ created_at: z.string(), last_used_at: z.nullable(z.string()) })),
    }),
  }),
  passkeyOptions: route({
    access: "signed-in",
    method: "POST",
    path: "/staff/passkeys/options",
    response: ceremonySchema,
  }),
  addPasskey: route({
    access: "signed-in",
    method: "POST",
    path: "/staff/passkeys",
    body: ceremonyAnswerSchema,
    response: z.object({ added: z.boolean() }),
  }),

  leads: route({
    access: "leads",
    method: "GET",
    path: "/staff/leads",
    query: ledgerQuerySchema,
    response: z.object({ leads: z.array(ledgerLeadSchema), speed: z.array(speedToLeadSchema) }),
  }),
  leadsCsv: route({
    access: "leads",
    method: "GET",
    path: "/staff/leads.csv",
    query: ledgerQuerySchema,
    response: "csv",
  }),
  claimLead: route({
    access: "leads",
    method: "POST",
    path: "/staff/leads/:id/claim",
    params: idParams,
    response: z.object({ outcome: z.string() }),
  }),
  markContacted: route({
    access: "leads",
    method: "POST",
    path: "/staff/leads/:id/contacted",
    params: idParams,
    response: z.object({ outcome: z.string() }),
  }),

  held: route({
    access: "leads",
    method: "GET",
    path: "/staff/held",
    response: z.object({ held: z.array(heldEnquiryListingSchema) }),
  }),
  releaseHeld: route({
    access: "leads",
    method: "POST",
    path: "/staff/held/:id/release",
    params: idParams,
    response: z.object({ outcome: z.string() }),
  }),
  discardHeld: route({
    access: "leads",
    method: "POST",
    path: "/staff/held/:id/discard",
    params: idParams,
    response: z.object({ outcome: z.string() }),
  }),

  serviceDay: route({
    access: "bookings",
    method: "GET",
    path: "/staff/bookings",
    query: z.object({
      from: z.optional(calendarDateSchema),
      days: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(7)), 1),
    }),
    response: serviceDaySchema,
  }),
  bookingStatus: route({
    access: "bookings",
    method: "POST",
    path: "/staff/bookings/:id/status",
    params: idParams,
    body: z.object({ status: z.enum(["confirmed", "arrived", "no-show", "ready", "cancelled"]) }),
    response: z.object({ booking: deskBookingSchema }),
  }),
  bookingFreeTimes: route({
    access: "bookings",
    method: "GET",
    path: "/staff/bookings/:id/free-times",
    params: idParams,
    response: z.object({
      booking: deskBookingSchema,
      times: z.array(z.object({ startsAt: z.string(), date: z.string(), clock: z.string() })),
    }),
  }),
  moveBooking: route({
    access: "bookings",
    method: "POST",
    path: "/staff/bookings/:id/move",
    params: idParams,
    body: z.object({ startsAt: z.iso.datetime({ message: "Choose a time from the list" }) }),
    response: z.object({ booking: deskBookingSchema }),
  }),
  serviceCapacity: route({
    access: "bookings",
    method: "GET",
    path: "/staff/service-capacity",
    response: serviceCapacitySchema,
  }),
  saveServiceCapacity: route({
    access: "bookings",
    method: "PUT",
    path: "/staff/service-capacity",
    body: serviceCapacitySchema,
    response: serviceCapacitySchema,
  }),

  business: route({
    access: ["business", "hours"],
    method: "GET",
    path: "/staff/business",
    response: businessDetailsSchema,
  }),
  saveBusiness: route({
    access: "business",
    method: "PUT",
    path: "/staff/business",
    body: businessDetailsSchema,
    response: businessDetailsSchema,
  }),
  saveHours: route({
    access: "hours",
    method: "PUT",
    path: "/staff/business/hours/:department",
    params: z.object({ department: departmentSchema }),
    body: weekHoursSchema,
    response: businessDetailsSchema,
  }),
  siteNotice: route({
    access: "texts",
    method: "GET",
    path: "/staff/site-notice",
    response: z.object({ notice: z.nullable(siteNoticeSchema) }),
  }),
  saveSiteNotice: route({
    access: "texts",
    method: "PUT",
    path: "/staff/site-notice",
    body: z.object({ notice: z.nullable(siteNoticeSchema) }),
    response: z.object({ notice: z.nullable(siteNoticeSchema) }),
  }),
  /** Every email the site sends, to preview with made-up data (the site's words: the `texts` grant). */
  emails: route({
    access: "texts",
    method: "GET",
    path: "/staff/emails",
    response: z.object({ emails: z.array(emailListingSchema) }),
  }),
  emailPreview: route({
    access: "texts",
    method: "GET",
    path: "/staff/emails/:name",
    params: z.object({ name: z.string().check(z.regex(/^[a-z-]{1,60}$/, "an email's name")) }),
    response: emailPreviewSchema,
  }),

  units: route({
    access: "units",
    method: "GET",
    path: "/staff/units",
    query: z.object({ q: z._default(z.string().check(z.maxLength(60)), "") }),
    response: z.object({ units: z.array(deskUnitSchema) }),
  }),
  unit: route({
    access: "units",
    method: "GET",
    path: "/staff/units/:stock",
    params: stockParams,
    response: deskUnitSchema,
  }),
  changeUnit: route({
    access: "units",
    method: "POST",
    path: "/staff/units/:stock",
    params: stockParams,
    body: unitChangeSchema,
    response: deskUnitSchema,
  }),
  clearUnit: route({
    access: "units",
    method: "POST",
    path: "/staff/units/:stock/clear",
    params: stockParams,
    response: deskUnitSchema,
  }),

  specials: route({
    access: "specials",
    method: "GET",
    path: "/staff/specials",
    response: z.object({ specials: z.array(deskSpecialSchema) }),
  }),
  special: route({
    access: "specials",
    method: "GET",
    path: "/staff/specials/:id",
    params: idParams,
    response: deskSpecialSchema,
  }),
  previewSpecial: route({
    access: "specials",
    method: "POST",
    path: "/staff/specials/preview",
    body: z.object({ html: z.string().check(z.maxLength(20_000)) }),
    response: z.object({ html: z.string() }),
  }),
  createSpecial: route({
    access: "specials",
    method: "POST",
    path: "/staff/specials",
    body: specialInputSchema,
    response: deskSpecialSchema,
  }),
  saveSpecial: route({
    access: "specials",
    method: "PUT",
    path: "/staff/specials/:id",
    params: idParams,
    body: specialInputSchema,
    response: deskSpecialSchema,
  }),
  moveSpecial: route({
    access: "specials",
    method: "POST",
    path: "/staff/specials/:id/move",
    params: idParams,
    body: z.object({ direction: z.enum(["up", "down"]) }),
    response: z.object({ moved: z.boolean() }),
  }),
  removeSpecial: route({
    access: "specials",
    method: "POST",
    path: "/staff/specials/:id/remove",
    params: idParams,
    response: z.object({ removed: z.boolean() }),
  }),
  specialImage: route({
    access: "specials",
    method: "PUT",
    path: "/staff/specials/:id/image",
    params: idParams,
    upload: true,
    response: deskSpecialSchema,
  }),
  removeSpecialImage: route({
    access: "specials",
    method: "DELETE",
    path: "/staff/specials/:id/image",
    params: idParams,
    response: deskSpecialSchema,
  }),
  photo: route({
    access: "specials",
    method: "GET",
    path: "/staff/photos/:id/:file",
    params: z.object({ id: z.string(), file: z.string() }),
    response: "bytes",
  }),

  feeds: route({
    access: "feeds",
    method: "GET",
    path: "/staff/feeds",
    response: z.object({ runs: z.array(deskFeedRunSchema), pull: z.boolean() }),
  }),
  uploadFeed: route({
    access: "feeds",
    method: "POST",
    path: "/staff/feeds/inventory",
    query: z.object({
      file: z._default(z.string().check(z.maxLength(200)), "a file"),
      force: z._default(z.enum(["true", "false"]), "false"),
    }),
    upload: true,
    response: feedStartedSchema,
  }),
  pullFeed: route({ access: "feeds", method: "POST", path: "/staff/feeds/pull", response: feedStartedSchema }),

  /** Team desk: each route's 75th percentile of LCP, INP and CLS over the last 28 days, from real visitors. */
  vitals: route({
    access: "speed",
    method: "GET",
    path: "/staff/vitals",
    response: z.object({ days: z.number(), routes: z.array(vitalSummarySchema) }),
  }),

  audit: route({
    access: "audit",
    method: "GET",
    path: "/staff/audit",
    response: z.object({ entries: z.array(auditEntrySchema) }),
  }),

  members: route({
    access: "staff",
    method: "GET",
    path: "/staff/members",
    response: z.object({ members: z.array(staffListingSchema) }),
  }),
  /**
   * A new member (or one disabled before) gets an enrolment link, shown to whoever invited them; a member already
   * active gets nothing new: their own sign-in link goes to their own address, never to the inviter.
   */
  invite: route({
    access: "staff",
    method: "POST",
    path: "/staff/members",
    body: z.object({ email: emailSchema, role: z.enum(STAFF_ROLES) }),
    response: z.object({
      outcome: z.enum(["invited", "already-a-member"]),
      member: staffMemberSchema,
      link: z.nullable(z.string()),
      /** Whether an email went to them: their invitation, or their own sign-in link. */
      emailed: z.boolean(),
    }),
  }),
  changeRole: route({
    access: "staff",
    method: "POST",
    path: "/staff/members/:id/role",
    params: idParams,
    body: z.object({ role: z.enum(STAFF_ROLES) }),
    response: z.object({ member: staffMemberSchema }),
  }),
  /** Off-boarding: every session ended, every passkey and link gone, at once; kept in the list (and the audit log). */
  disableMember: route({
    access: "staff",
    method: "POST",
    path: "/staff/members/:id/disable",
    params: idParams,
    response: z.object({ member: staffMemberSchema }),
  }),
  /** A disabled member taken off the list; what they did stays in the audit log under their address. */
  removeMember: route({
    access: "staff",
    method: "POST",
    path: "/staff/members/:id/remove",
    params: idParams,
    response: z.object({ removed: z.boolean() }),
  }),
} as const satisfies Record<string, StaffRoute>;

export type StaffApi = typeof STAFF_API;
export type StaffRouteName = keyof StaffApi;
