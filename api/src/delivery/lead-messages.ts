import {
  type BusinessDetails,
  type FleetQuoteList,
  formatCents,
  formatOdometer,
  LEAD_FORMS,
  type LeadFormId,
  leadFieldRows,
  leadReference,
  paths,
} from "shared-types";
import { z } from "zod";
import { crmLeadEmail } from "../emails/crm-lead.js";
import { deliveryFailureAlertEmail } from "../emails/delivery-failure-alert.js";
import { leadNotificationEmail } from "../emails/lead-notification.js";
import { visitorConfirmationEmail } from "../emails/visitor-confirmation.js";
import { type ExportedLead, toAdf } from "../leads/lead-export.js";
import { sourcePage } from "../leads/source-page.js";
import type { BookingSnapshot } from "../service-booking/booking-store.js";
import { bookingWhen, noticeOf } from "../service-booking/booking-words.js";
import { type Department, departmentOf } from "./departments.js";

/** What a message needs besides the lead: the dealership, and where the site lives (for links). */
export interface MessageContext {
  business: BusinessDetails;
  /** The public site's origin, e.g. https://summitheavyfleet.ca (links in the notification point there) */
  siteUrl: string;
  /** Which message of its channel the delivery is ("" the first; a service booking's later notices) */
  notice?: string;
}

export interface EmailMessage {
  subject: string;
  text: string;
  html?: string;
  /** Exactly one bare address that passed validation (replyAddress), or none. */
  replyTo?: string;
  /** Fixed per delivery: a retry carries the same Message-ID, so a mailbox or CRM can tell it is one message */
  messageId: string;
}

const formTitle = (form: string) => LEAD_FORMS[form as LeadFormId]?.title ?? form;

const personName = (lead: ExportedLead) =>
  [lead.fields.first_name, lead.fields.last_name].filter(Boolean).join(" ") || "A visitor (no name given)";

/** The unit the lead is about, in words: "2024 Isuzu NPR-HD Gas (stock A1234)", or "" for a general enquiry. */
export function vehicleLine(lead: ExportedLead): string {
  const v = lead.vehicle;
  const stock = lead.fields.stock_number;
  if (v) return `${v.year} ${v.make} ${v.model}${v.trim ? ` ${v.trim}` : ""}${stock ? ` (stock ${stock})` : ""}`;
  const named = [lead.fields.make, lead.fields.model].filter(Boolean).join(" ");
  if (named || stock) return [named, stock ? `(stock ${stock})` : ""].filter(Boolean).join(" ");
  return "";
}

/** The page of the unit the lead concerns: its vehicle page when the unit is in stock, else the page it came from. */
export function vehicleLink(lead: ExportedLead, siteUrl: string): string {
  if (lead.vehicle && lead.fields.stock_number) return `${siteUrl}${paths.vehicle(lead.fields.stock_number)}`;
  return sourcePage(lead.fields["-url"], siteUrl);
}

/** CASL, in the dealership's words: may they send this person offers? */
export function consentLine(lead: ExportedLead): string {
  if (lead.consent_withdrawn_at) {
    return `No: consent to marketing email was withdrawn ${lead.consent_withdrawn_at}. Do not send offers.`;
  }
  if (!lead.marketing_opt_in) return "No: the visitor did not opt in to marketing email. Reply to this enquiry only.";
  return `Yes: opted in ${lead.received_at} on the ${formTitle(lead.form)} form, consent wording ${lead.consent_version || "(unversioned)"}: "${lead.consent_text}"`;
}

/**
 * Label and value rows of what the visitor sent, in the order a desk reads them (shared-types LEAD_FIELDS, with the
 * unit's own facts where the lead names one); empty ones left out. Every field the table declares has its row.
 */
/** A booking's rows in the service desk's email: when, how the customer comes, and each vehicle with its bay. */
function bookingRows(booking: BookingSnapshot): [string, string][] {
  return [
    ["Appointment", `${bookingWhen(booking.starts_at)} (Calgary time), until ${bookingWhen(booking.ends_at)}`],
    ["Customer", booking.stay === "wait" ? "waits" : "drops off"],
    ...booking.units.map((unit, index): [string, string] => [
      `Vehicle ${index + 1}`,
      [
        `${unit.kind_name}: ${unit.year} ${unit.make} ${unit.model}`,
        unit.unit_number ? `unit ${unit.unit_number}` : "",
        unit.vin ? `VIN ${unit.vin}` : "",
        unit.odometer_km !== null ? formatOdometer(unit.odometer_km) : "",
        `bay ${unit.bay}`,
      ]
        .filter(Boolean)
        .join(", "),
    ]),
  ];
}

function detailRows(lead: ExportedLead, context: MessageContext): [string, string][] {
  const f = lead.fields;
  const vehicle = vehicleLine(lead);
  const v = lead.vehicle;
  const typed = leadFieldRows(f);
  // the visitor's contact first, then what the lead is about (the unit, as the inventory knows it), then the rest
  const contact = typed.filter((row) => row.facts.adf.startsWith("customer-") && row.label !== "Name");
  const rest = typed.filter(
    (row) =>
      !row.facts.adf.startsWith("customer-") &&
      !row.facts.adf.startsWith("vehicle-") &&
      row.facts.adf !== "provider-url",
  );
  const rows: [string, string][] = [
    ["Name", personName(lead)],
    ...contact.map((row): [string, string] => [row.label, row.value]),
    ["Form", formTitle(lead.form)],
    ...(lead.service_booking ? bookingRows(lead.service_booking) : []),
    ["Vehicle", vehicle],
    ["VIN", v?.vin || f.vin || ""],
    [
      "Price",
      v ? (v.price_cents > 0 ? `${formatCents(v.price_cents)} all-in, plus GST` : "Contact Us For Pricing") : "",
    ],
    ["Odometer", v ? formatOdometer(v.odometer) : ""],
    ["Vehicle page", vehicle ? vehicleLink(lead, context.siteUrl) : ""],
    ...rest.map((row): [string, string] => [row.label, row.value]),
    ["Sent from", sourcePage(f["-url"], context.siteUrl)],
    ["Received", lead.received_at],
    ["Marketing email", consentLine(lead)],
    ["Lead id", lead.id],
  ];
  return rows.filter(([, value]) => value !== "");
}

const bareAddress = z.email();

/**
 * Where the desk's reply goes: the visitor's email when it is one bare address (no name, no list, no line break:
 * nothing a visitor types may add a recipient or a header), otherwise none, and the desk answers by phone or types it.
 */
export function replyAddress(email: string | undefined): string | undefined {
  const address = email?.trim() ?? "";
  return address.length <= 254 && bareAddress.safeParse(address).success ? address : undefined;
}

/** The subject a desk scans its inbox by: what was asked, about which unit, by whom. */
export function notificationSubject(lead: ExportedLead, notice = ""): string {
  const booking = lead.service_booking;
  if (booking) {
    const vehicles = `${booking.units.length} ${booking.units.length === 1 ? "vehicle" : "vehicles"}`;
    const what = BOOKING_CHANGES[noticeOf(notice)]?.subject ?? "New service booking";
    return `${what}: ${bookingWhen(booking.starts_at)}, ${vehicles} (${leadReference(lead.id)}) from ${personName(lead)}`.slice(
      0,
      200,
    );
  }
  const quote = lead.fleet_quote;
  const vehicle = quote
    ? `${quote.unit_count} units on ${quote.lines.length} lines${quote.trade_ins.length ? `, ${quote.trade_ins.length} trade-ins` : ""} (${leadReference(lead.id)})`
    : vehicleLine(lead);
  const who = personName(lead);
  return `New ${formTitle(lead.form)} lead${vehicle ? `: ${vehicle}` : ""} from ${who}`.slice(0, 200);
}

/** The department's own email: readable, plain text and HTML, and a reply goes to the visitor. */
/** What the service desk is told when the customer changes a booking from its link (the attached invite updates it). */
const BOOKING_CHANGES: Partial<Record<string, { subject: string; intro: string }>> = {
  moved: {
    subject: "Service booking moved by the customer",
    intro:
      "The customer moved this booking from the link we emailed them: the attached invite moves it in your calendar.",
  },
  cancelled: {
    subject: "Service booking cancelled by the customer",
    intro:
      "The customer cancelled this booking from the link we emailed them: its bays are free again, and the attached invite removes it from your calendar.",
  },
};

export function departmentNotification(lead: ExportedLead, context: MessageContext, deliveryId: string): EmailMessage {
  const change = lead.service_booking ? BOOKING_CHANGES[noticeOf(context.notice)] : undefined;
  const email = leadNotificationEmail({
    subject: notificationSubject(lead, context.notice),
    intro:
      change?.intro ??
      `A ${departmentOf(lead.form)} enquiry from the website. Reply to this email to answer ${personName(lead)}.`,
    rows: detailRows(lead, context),
    quote: lead.fleet_quote,
    siteUrl: context.siteUrl,
    businessName: context.business.name,
  });
  return {
    ...email,
    ...(replyAddress(lead.fields.email) ? { replyTo: replyAddress(lead.fields.email) } : {}),
    messageId: `<${deliveryId}@${context.business.domain}>`,
  };
}

/**
 * A fleet quote's lines as the visitor's copy lists them: only what the site itself knows. A unit as the inventory
 * has it, with its page; a line-up model by the line-up's name (one added while the line-up could not be read, by
 * its quantity alone); the trade-ins by their number and model years (whole numbers the API checked: nothing a
 * stranger could make read as a message or a link). Notes and every other word typed stay with the desk.
 */
function linesAsTheSiteKnowsThem(quote: FleetQuoteList, siteUrl: string): { vehicle: string; page: string }[] {
  return quote.lines.map((line) => {
    if (line.kind === "unit") {
      return {
        vehicle: `${line.quantity} x ${line.label}${line.available ? "" : " (no longer in stock)"}`,
        page: `${siteUrl}${paths.vehicle(line.stock_number)}`,
      };
    }
    const model = line.from_lineup ? `${line.make} ${line.model}` : "a line-up model";
    return { vehicle: `${line.quantity} x ${model}, to order`, page: "" };
  });
}

function tradeInsInWords(quote: FleetQuoteList): string {
  const count = quote.trade_ins.length;
  if (count === 0) return "";
  const years = quote.trade_ins.map((t) => String(Math.trunc(Number(t.year)))).join(", ");
  return `${count} ${count === 1 ? "trade-in" : "trade-ins"} (model ${count === 1 ? "year" : "years"} ${years}). Our fleet desk has the details you gave for each.`;
}

/**
 * The visitor's own copy of what they asked for (transactional: no offers, sent only because they asked): the
 * reference, the lines and trade-ins as the site knows them, and how to reach the desk. Anyone can type any address
 * into the form, so nothing typed into it is repeated here, not even a name: this email can carry no one's words
 * but the dealership's, and no link but to its own site.
 */
export function visitorConfirmation(lead: ExportedLead, context: MessageContext, deliveryId: string): EmailMessage {
  const { business } = context;
  const reference = leadReference(lead.id);
  const title = formTitle(lead.form);
  const address = `${business.address.line1}, ${business.address.city}, ${business.address.province} ${business.address.postal_code}`;
  const quote = lead.fleet_quote;
  const email = visitorConfirmationEmail({
    subject: `Your ${title.toLowerCase()} ${reference}: ${business.name}`,
    intro: `Thank you for your ${title.toLowerCase()}. Our fleet desk will reply with pricing and availability. Your reference is ${reference}.`,
    ...(quote
      ? {
          quote: {
            heading: `Vehicles asked for (${quote.unit_count} ${quote.unit_count === 1 ? "unit" : "units"}):`,
            lines: linesAsTheSiteKnowsThem(quote, context.siteUrl),
            tradeIns: tradeInsInWords(quote),
          },
        }
      : {}),
    footer: `${business.name}, ${address}. Sales: ${business.phone_sales}. You are receiving this email because this request was sent with your address on ${context.siteUrl}. If it was not you, ignore this email.`,
  });
  return { ...email, messageId: `<${deliveryId}@${business.domain}>` };
}

/** The CRM's email: the lead as an ADF 1.0 document, in the body (where dealer CRMs read it) and attached. */
export function crmMessage(lead: ExportedLead, context: MessageContext, deliveryId: string) {
  const adf = toAdf([lead], context.business, context.siteUrl);
  return {
    message: {
      ...crmLeadEmail({ leadId: lead.id, formTitle: formTitle(lead.form), adf }),
      messageId: `<${deliveryId}@${context.business.domain}>`,
    } satisfies EmailMessage,
    adf,
  };
}

/** The JSON a webhook receives. Versioned, so a CRM integration can tell a later shape apart. */
export function webhookPayload(lead: ExportedLead, context: MessageContext, deliveryId: string) {
  return {
    type: "lead.created",
    version: 1,
    delivery_id: deliveryId,
    department: departmentOf(lead.form) satisfies Department,
    lead: {
      id: lead.id,
      form: lead.form,
      form_title: formTitle(lead.form),
      destination: lead.destination,
      received_at: lead.received_at,
      contact: {
        first_name: lead.fields.first_name ?? "",
        last_name: lead.fields.last_name ?? "",
        company: lead.fields.company ?? "",
        email: lead.fields.email ?? "",
        phone: lead.fields.day_phone ?? "",
      },
      fields: { ...lead.fields, "-url": sourcePage(lead.fields["-url"], context.siteUrl) },
      reference: leadReference(lead.id),
      fleet_quote: lead.fleet_quote,
      service_booking: lead.service_booking ?? null,
      vehicle: lead.vehicle
        ? { ...lead.vehicle, stock_number: lead.fields.stock_number ?? "", url: vehicleLink(lead, context.siteUrl) }
        : null,
      marketing_consent: {
        opted_in: lead.marketing_opt_in && !lead.consent_withdrawn_at,
        wording: lead.consent_text,
        version: lead.consent_version,
        given_at: lead.marketing_opt_in ? lead.received_at : null,
        form: lead.form,
        withdrawn_at: lead.consent_withdrawn_at || null,
      },
    },
  };
}

/** To operations when a delivery has used its last try: what failed and how to send it again. No personal data. */
export function failureAlert(
  failure: { leadId: string; channel: string; attempts: number; error: string; department: Department },
  context: MessageContext,
): Omit<EmailMessage, "messageId"> {
  return deliveryFailureAlertEmail({ ...failure, businessName: context.business.name });
}
