import type { Transporter } from "nodemailer";
import { type BusinessDetails, leadReference } from "shared-types";
import type { ExportedLead } from "../leads/lead-export.js";
import { bookingCalendar, bookingMessage } from "../service-booking/booking-messages.js";
import { type Department, departmentOf } from "./departments.js";
import {
  crmMessage,
  departmentNotification,
  type MessageContext,
  replyAddress,
  visitorConfirmation,
  webhookPayload,
} from "./lead-messages.js";
import type { Channel } from "./outbox.js";
import { signWebhookBody, WEBHOOK_DELIVERY_HEADER, WEBHOOK_SIGNATURE_HEADER } from "./webhook-signature.js";

/** A try that failed. `permanent` when trying again cannot help (an address the mail server refuses). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
  }
}

export interface ChannelSender {
  /** Sends the lead; answers the receiving end's receipt (the mail server's message id and reply, the HTTP status). */
  send(lead: ExportedLead, deliveryId: string, context: MessageContext): Promise<string>;
}

/** What a mail server answered for a message it took: its Message-ID and its reply ("250 2.0.0 Ok: queued as …"). */
const smtpReceipt = (info: { messageId?: string; response?: string }) =>
  [info.messageId, info.response].filter(Boolean).join(" ");

/**
 * Who receives what. Read when a delivery is sent, not when it is queued: a corrected address takes effect for
 * every delivery still waiting, and for a re-send. Unset addresses are the dealership's own domain's.
 */
export interface EmailAddresses {
  from?: string;
  crm?: string;
  departments?: Partial<Record<Department, string>>;
  operations?: string;
}

export function resolveAddresses(addresses: EmailAddresses, business: BusinessDetails) {
  const at = (local: string) => `${local}@${business.domain}`;
  return {
    from: addresses.from || `"${business.name} website" <${at("website")}>`,
    crm: addresses.crm || at("leads-crm"),
    department: (department: Department) => addresses.departments?.[department] || at(department),
    operations: addresses.operations || at("operations"),
  };
}

/** An SMTP reply in the 5xx range refuses the message for good (unknown mailbox, policy); 4xx is "try later". */
function smtpError(error: unknown): DeliveryError {
  const e = error as { message?: string; responseCode?: number; code?: string };
  const message = [e.code, e.responseCode, e.message].filter(Boolean).join(" ");
  return new DeliveryError(message || String(error), typeof e.responseCode === "number" && e.responseCode >= 500);
}

export function crmEmailSender(transport: Transporter, addresses: EmailAddresses): ChannelSender {
  return {
    async send(lead, deliveryId, context) {
      const to = resolveAddresses(addresses, context.business);
      const { message, adf } = crmMessage(lead, context, deliveryId);
      try {
        const info = await transport.sendMail({
          from: to.from,
          to: to.crm,
          subject: message.subject,
          text: message.text,
          messageId: message.messageId,
          attachments: [{ filename: `lead-${lead.id}.adf.xml`, content: adf, contentType: "application/xml" }],
        });
        return smtpReceipt(info);
      } catch (error) {
        throw smtpError(error);
      }
    },
  };
}

export function departmentEmailSender(transport: Transporter, addresses: EmailAddresses): ChannelSender {
  return {
    async send(lead, deliveryId, context) {
      const to = resolveAddresses(addresses, context.business);
      const message = departmentNotification(lead, context, deliveryId);
      try {
        const info = await transport.sendMail({
          from: to.from,
          to: to.department(departmentOf(lead.form)),
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: message.messageId,
          // a booking's appointment, for the service desk's calendar
          ...(lead.service_booking
            ? {
                attachments: [
                  {
                    filename: `appointment-${leadReference(lead.id)}.ics`,
                    content: bookingCalendar({ ...lead, service_booking: lead.service_booking }, context.business),
                    contentType: "text/calendar; charset=utf-8",
                  },
                ],
              }
            : {}),
          // as an address object: nodemailer takes it as one address, never parses a name or a list out of it
          ...(message.replyTo ? { replyTo: { name: "", address: message.replyTo } } : {}),
        });
        return smtpReceipt(info);
      } catch (error) {
        throw smtpError(error);
      }
    },
  };
}

/** A booking's page link token for its current version (service-booking/booking-links), signed when it is sent. */
export type BookingLinkSigner = (bookingId: string, version: number) => Promise<string>;

/**
 * The visitor's own copy of a request that confirms (the fleet quote), or of a service booking (with its calendar
 * invite and its page's link): to the address they gave, only to it.
 */
export function visitorConfirmationSender(
  transport: Transporter,
  addresses: EmailAddresses,
  bookingLink?: BookingLinkSigner,
): ChannelSender {
  return {
    async send(lead, deliveryId, context) {
      const to = replyAddress(lead.fields.email);
      if (!to) throw new DeliveryError("the visitor's address is not one bare address", true);
      const booking = lead.service_booking;
      const built =
        booking && bookingLink
          ? bookingMessage(
              { ...lead, service_booking: booking },
              context,
              await bookingLink(booking.id, booking.version),
            )
          : { email: visitorConfirmation(lead, context, deliveryId) };
      try {
        const info = await transport.sendMail({
          from: resolveAddresses(addresses, context.business).from,
          to: { name: "", address: to },
          subject: built.email.subject,
          text: built.email.text,
          html: built.email.html,
          messageId: `<${deliveryId}@${context.business.domain}>`,
          headers: { "Auto-Submitted": "auto-replied" },
          // as its own part (text/calendar; method=...): mail clients offer to add it to the calendar
          ...("invite" in built && built.invite ? { icalEvent: built.invite } : {}),
        });
        return smtpReceipt(info);
      } catch (error) {
        throw smtpError(error);
      }
    },
  };
}

export interface WebhookOptions {
  url: string;
  secret: string;
  timeoutMs?: number;
}

/** A 4xx other than these means the receiver refuses this lead as sent: trying it again would not help. */
const RETRYABLE_CLIENT_ERRORS = new Set([408, 409, 425, 429]);

export function webhookSender(options: WebhookOptions): ChannelSender {
  return {
    async send(lead, deliveryId, context) {
      const body = JSON.stringify(webhookPayload(lead, context, deliveryId));
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "user-agent": `${context.business.domain} lead webhook`,
            [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(options.secret, body),
            [WEBHOOK_DELIVERY_HEADER]: deliveryId,
          },
          body,
          redirect: "error",
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        throw new DeliveryError(`webhook unreachable: ${cause ?? (error as Error).message}`);
      }
      await response.body?.cancel().catch(() => {});
      if (response.ok) return `HTTP ${response.status}`;
      throw new DeliveryError(
        `webhook answered ${response.status}`,
        response.status >= 400 && response.status < 500 && !RETRYABLE_CLIENT_ERRORS.has(response.status),
      );
    },
  };
}

export type Senders = Partial<Record<Channel, ChannelSender>>;
