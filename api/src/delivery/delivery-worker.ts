import type { BusinessDetails } from "shared-types";
import type { Queryable } from "../db/database.js";
import { backoffMs, type JobLog, Loop, type RetryPolicy } from "../jobs/job-runner.js";
import { loadLead } from "../leads/lead-export.js";
import { DeliveryError, type Senders } from "./channels.js";
import type { MessageContext } from "./lead-messages.js";
import {
  claimDue,
  DEFAULT_RETRY_POLICY,
  DELIVERY_LEASE_MS,
  DELIVERY_POLL_MS,
  type Delivery,
  markDelivered,
  markUnsent,
} from "./outbox.js";

export type DeliveryLog = JobLog;

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
  /** DELIVERY_POLL_MS */
  pollMs?: number;
  /** DELIVERY_LEASE_MS */
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
  private readonly retry: RetryPolicy;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly loop: Loop;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.leaseMs = options.leaseMs ?? DELIVERY_LEASE_MS;
    this.concurrency = options.concurrency ?? 8;
    this.loop = new Loop(
      () => this.drain(),
      () => options.pollMs ?? DELIVERY_POLL_MS,
    );
  }

  start(): void {
    this.loop.start();
  }

  /** A lead was just stored: look now rather than at the next poll (speed to lead). */
  nudge(): void {
    this.loop.nudge();
  }

  /** Stops taking deliveries and waits for those being sent. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Sends batches until nothing is due. */
  private async drain(): Promise<void> {
    try {
      while (!this.loop.isStopped) {
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
    const facts = {
      leadId: delivery.lead_id,
      deliveryId: delivery.id,
      channel: delivery.channel,
      attempts: delivery.attempts,
    };
    let receipt = "";
    try {
      const sender = this.options.senders[delivery.channel];
      if (!sender) throw new DeliveryError(`the ${delivery.channel} channel is not configured`);
      const lead = await loadLead(db, delivery.lead_id);
      if (!lead) throw new DeliveryError("the lead is no longer stored", true);
      receipt = await sender.send(lead, delivery.id, { ...context, notice: delivery.notice });
    } catch (caught) {
      const failure =
        caught instanceof DeliveryError ? caught : new DeliveryError(String((caught as Error)?.message ?? caught));
      const givenUp = failure.permanent || delivery.attempts >= this.retry.maxAttempts;
      const retryInMs = givenUp ? null : backoffMs(this.retry, delivery.attempts);
      await markUnsent(db, delivery.id, failure.message, retryInMs);
      if (retryInMs !== null)
        return log.warn({ ...facts, error: failure.message, retryInMs }, "lead delivery will be retried");
      // the line an on-call person searches for: the lead id, the channel, and why
      log.error(
        { ...facts, error: failure.message, alert: "lead-delivery-failed" },
        "lead delivery failed for good: the lead reached nobody on this channel",
      );
      return this.options
        .onFailed?.({ ...facts, error: failure.message })
        .catch((alertError: unknown) =>
          log.error({ ...facts, err: alertError }, "lead delivery: the failure alert could not be sent"),
        );
    }
    // sent but not yet recorded is the one window where a crash sends twice: the Message-ID and the webhook's
    // delivery header stay the same on every try, so the receiving end can tell it has it already
    await markDelivered(db, delivery.id, receipt);
    log.info({ ...facts, receipt }, "lead delivered");
  }
}
