import nodemailer from "nodemailer";
import type { BusinessDetailsStore } from "../business/business-store.js";
import type { ApiConfig } from "../config.js";
import type { Queryable } from "../db/database.js";
import { bookingLinkSigner } from "../service-booking/booking-links.js";
import {
  crmEmailSender,
  departmentEmailSender,
  type EmailAddresses,
  resolveAddresses,
  type Senders,
  visitorConfirmationSender,
  webhookSender,
} from "./channels.js";
import { type DeliveryLog, DeliveryWorker } from "./delivery-worker.js";
import { departmentOf } from "./departments.js";
import { failureAlert } from "./lead-messages.js";
import type { Channel } from "./outbox.js";

/** With nothing configured: the CRM's ADF email and the department's notification. */
export const DEFAULT_CHANNELS: readonly Channel[] = ["crm-email", "department-email"];

/** The channels a new lead gets: email unless switched off, the webhook when a URL is configured. */
export function configuredChannels(config: Pick<ApiConfig, "LEAD_EMAIL" | "LEADS_WEBHOOK_URL">): Channel[] {
  return [
    ...(config.LEAD_EMAIL === "off" ? [] : DEFAULT_CHANNELS),
    ...(config.LEADS_WEBHOOK_URL ? ["webhook" as const] : []),
  ];
}

export function emailAddresses(config: ApiConfig): EmailAddresses {
  return {
    from: config.LEADS_EMAIL_FROM,
    crm: config.CRM_LEADS_EMAIL,
    departments: {
      sales: config.SALES_LEADS_EMAIL,
      service: config.SERVICE_LEADS_EMAIL,
      parts: config.PARTS_LEADS_EMAIL,
    },
    operations: config.OPS_ALERT_EMAIL,
  };
}

/**
 * An SMTP transport (nodemailer) from a URL: smtp://, or smtps:// for TLS from the first byte, with credentials in
 * the URL. Pooled, so a burst of leads shares a few connections; every wait is bounded well inside the worker's
 * lease, so a hung server never holds a delivery another worker could send.
 */
export function smtpTransport(url: string) {
  return nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 4,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
}

/** The worker as configured, its transport (closed by the caller), and the alert it raises. */
export function createDeliveryWorker(
  config: ApiConfig,
  db: Queryable,
  business: BusinessDetailsStore,
  log: DeliveryLog,
) {
  const transport = smtpTransport(config.SMTP_URL);
  const addresses = emailAddresses(config);
  const senders: Senders = {
    "crm-email": crmEmailSender(transport, addresses),
    "department-email": departmentEmailSender(transport, addresses),
    "visitor-confirmation": visitorConfirmationSender(
      transport,
      addresses,
      bookingLinkSigner(db, config.LEAD_SIGNING_SECRET),
    ),
    ...(config.LEADS_WEBHOOK_URL && config.LEADS_WEBHOOK_SECRET
      ? { webhook: webhookSender({ url: config.LEADS_WEBHOOK_URL, secret: config.LEADS_WEBHOOK_SECRET }) }
      : {}),
  };
  const worker = new DeliveryWorker({
    db,
    senders,
    business: () => business.get(),
    siteUrl: config.PUBLIC_SITE_URL,
    retry: {
      baseDelayMs: config.DELIVERY_BASE_DELAY_MS,
      maxDelayMs: config.DELIVERY_MAX_DELAY_MS,
      maxAttempts: config.DELIVERY_MAX_ATTEMPTS,
    },
    pollMs: config.DELIVERY_POLL_MS,
    leaseMs: config.DELIVERY_LEASE_MS,
    log,
    async onFailed(failure) {
      const [lead] = await db.query<{ form: string }>("select form from leads where id = $1", [failure.leadId]);
      const details = await business.get();
      const to = resolveAddresses(addresses, details);
      const alert = failureAlert(
        { ...failure, department: departmentOf(lead?.form ?? "") },
        { business: details, siteUrl: config.PUBLIC_SITE_URL || `https://${details.domain}` },
      );
      await transport.sendMail({
        from: to.from,
        to: to.operations,
        subject: alert.subject,
        text: alert.text,
        html: alert.html,
        priority: "high",
      });
    },
  });
  return { worker, transport };
}

/** Sends the sales desk its daily digest of held submissions, through the lead emails' own transport and sender. */
export function salesDeskSender(
  config: ApiConfig,
  transport: ReturnType<typeof smtpTransport>,
  business: BusinessDetailsStore,
) {
  return async (message: { subject: string; text: string; html: string }) => {
    const to = resolveAddresses(emailAddresses(config), await business.get());
    await transport.sendMail({ from: to.from, to: to.department("sales"), ...message });
  };
}

/** Sends one member of staff an email (a sign-in or invitation link: text, and HTML when given) from the site's sender. */
export function staffMailSender(
  config: ApiConfig,
  transport: ReturnType<typeof smtpTransport>,
  business: BusinessDetailsStore,
) {
  return async (message: { to: string; subject: string; text: string; html?: string }) => {
    const { from } = resolveAddresses(emailAddresses(config), await business.get());
    await transport.sendMail({ from, ...message });
  };
}

/** Sends a saved search's email (its confirmation, its alerts) from the site's own sender, with its own headers. */
export function savedSearchMailSender(
  config: ApiConfig,
  transport: ReturnType<typeof smtpTransport>,
  business: BusinessDetailsStore,
) {
  return async (message: {
    to: string;
    subject: string;
    text: string;
    html: string;
    headers?: Record<string, string>;
  }) => {
    const { from } = resolveAddresses(emailAddresses(config), await business.get());
    await transport.sendMail({ from, ...message, to: { name: "", address: message.to } });
  };
}
