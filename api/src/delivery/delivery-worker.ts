import type { BusinessDetails } from "shared-types";
import type { Queryable } from "../db/database.js";
import { loadLead } from "../leads/lead-export.js";
import { DeliveryError, type Senders } from "./channels.js";
import type { MessageContext } from "./lead-messages.js";
import {
  backoffMs,
  claimDue,
  DEFAULT_RETRY_POLICY,
  type Delivery,
  markDelivered,
  markFailed,
  markRetry,
  type RetryPolicy,
} from "./outbox.js";

/** The logger's shape (pino's, which Fastify uses): an object of facts, then the message. */
export interface DeliveryLog {
  info(facts: object, message: string): void;
  warn(facts: object, message: string): void;
  error(facts: object, message: string): void;
}

export interface FailedDelivery {
  leadId: string;
  deliveryId: string;
  channel: string;
  attempts: number;
  error: string;
}

export interface DeliveryWorkerOptions {
  db: Queryable;
  senders: Senders;
  business: () => Promise<BusinessDetails>;
  /** The public site's origin for links; the dealership's own domain over https when unset */
  siteUrl?: string;
  retry?: RetryPolicy;
  /** How often the worker looks for due deliveries when nothing has woken it */
  pollMs?: number;
  /** How long a claimed delivery is held: longer than any send may take (the transports time out well before) */
  leaseMs?: number;
  /** Deliveries sent at once */
  concurrency?: number;
  log: DeliveryLog;
  /** Told about every delivery that has used its last try (after the error log line is written) */
  onFailed?: (failure: FailedDelivery) => Promise<void>;
}

/**
 * Sends the outbox: takes due deliveries, sends each through its channel, and records the outcome. Runs in the
 * API process (main.ts) or alone (run-worker.ts); several may share one PostgreSQL database.
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly retry: RetryPolicy;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly concurrency: number;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.pollMs = options.pollMs ?? 1_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.concurrency = options.concurrency ?? 8;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** A lead was just stored: look now rather than at the next poll (speed to lead). */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Stops taking deliveries and waits for those being sent. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.drain().finally(() => {
        this.running = null;
        const soon = this.again;
        this.again = false;
        this.schedule(soon ? 0 : this.pollMs);
      });
    }, delayMs);
    this.timer.unref();
  }

  /** Sends batches until nothing is due. */
  private async drain(): Promise<void> {
    try {
      while (!this.stopped) {
        const sent = await this.runOnce();
        if (sent < this.concurrency) return;
      }
    } catch (error) {
      // the database is away: nothing is lost (the rows stay pending), the next poll tries again
      this.options.log.error({ err: error }, "lead delivery: could not read the outbox");
    }
  }

  /** One batch: what is due now, sent at once. Returns how many were taken (tests drive the worker with it). */
  async runOnce(): Promise<number> {
    const due = await claimDue(this.options.db, this.concurrency, this.leaseMs);
    if (due.length === 0) return 0;
    const business = await this.options.business();
    const context: MessageContext = { business, siteUrl: this.options.siteUrl || `https://${business.domain}` };
    await Promise.all(due.map((delivery) => this.deliver(delivery, context)));
    return due.length;
  }

  private async deliver(delivery: Delivery, context: MessageContext): Promise<void> {
    const { db, log } = this.options;
    const facts = { leadId: delivery.lead_id, deliveryId: delivery.id, channel: delivery.channel };
    let receipt = "";
    try {
      const sender = this.options.senders[delivery.channel];
      if (!sender) throw new DeliveryError(`the ${delivery.channel} channel is not configured`);
      const lead = await loadLead(db, delivery.lead_id);
      if (!lead) throw new DeliveryError("the lead is no longer stored", true);
      receipt = await sender.send(lead, delivery.id, context);
    } catch (error) {
      const failure =
        error instanceof DeliveryError ? error : new DeliveryError(String((error as Error)?.message ?? error));
      if (failure.permanent || delivery.attempts >= this.retry.maxAttempts) {
        await markFailed(db, delivery.id, failure.message);
        // the line an on-call person searches for: the lead id, the channel, and why
        log.error(
          { ...facts, attempts: delivery.attempts, error: failure.message, alert: "lead-delivery-failed" },
          "lead delivery failed for good: the lead reached nobody on this channel",
        );
        await this.options
          .onFailed?.({ ...facts, attempts: delivery.attempts, error: failure.message })
          .catch((alertError: unknown) =>
            log.error({ ...facts, err: alertError }, "lead delivery: the failure alert could not be sent"),
          );
        return;
      }
      const delayMs = backoffMs(this.retry, delivery.attempts);
      await markRetry(db, delivery.id, failure.message, delayMs);
      log.warn(
        { ...facts, attempts: delivery.attempts, error: failure.message, retryInMs: delayMs },
        "lead delivery will be retried",
      );
      return;
    }
    // sent but not yet recorded is the one window where a crash sends twice: the Message-ID and the webhook's
    // delivery header stay the same on every try, so the receiving end can tell it has it already
    await markDelivered(db, delivery.id, receipt);
    log.info({ ...facts, attempts: delivery.attempts, receipt }, "lead delivered");
  }
}
