import type { Kysely } from "kysely";
import type { ChatSettings } from "~/orders/message.server";
import { type Clock, isoAt } from "~/platform/clock";
import { type Job, createJob } from "~/platform/job.server";
import type { Database } from "../../db/schema";
import { changeOrderStatus } from "./change-status.server";

/** The actor of what the shop does by itself; the desk shows it as "System". */
export const SYSTEM_ACTOR = { name: "system", staffId: null } as const;
export const EXPIRY_POLL_MS = 60_000;
const BATCH_SIZE = 50;

export interface ExpiryOptions {
  hours: number;
  chat: ChatSettings;
}

/**
 * Cancels the new orders nobody confirmed within `hours` (EXPIRE_UNCONFIRMED_HOURS):
 * each through `changeOrderStatus`, by the system, with the reason as the event's note (a
 * dictionary key and the hours, shown in each reader's language), so the desk's timeline
 * shows it and every chat's message is edited once. An order
 * confirmed meanwhile, or cancelled by another process first, is left alone.
 * Returns the order numbers it cancelled.
 */
export async function expireUnconfirmedOrders(
  db: Kysely<Database>,
  options: ExpiryOptions,
  now: number,
): Promise<number[]> {
  const cutoff = isoAt(now - options.hours * 60 * 60 * 1000);
  const cancelled: number[] = [];
  for (;;) {
    const due = await db
      .selectFrom("orders")
      .select("order_number")
      .where("status", "=", "new")
      .where("created_at", "<=", cutoff)
      .orderBy("id")
      .limit(BATCH_SIZE)
      .execute();
    let moved = 0;
    for (const { order_number } of due) {
      const change = await changeOrderStatus(
        db,
        {
          orderNumber: order_number,
          to: "cancelled",
          actor: SYSTEM_ACTOR,
          systemNote: { key: "chat.expiredNote", values: { hours: options.hours } },
        },
        now,
        options.chat,
      );
      if (change.outcome === "moved") {
        cancelled.push(order_number);
        moved++;
      }
    }
    if (due.length < BATCH_SIZE || moved === 0) return cancelled;
  }
}

export interface ExpiryJobOptions extends ExpiryOptions {
  db: Kysely<Database>;
  now: Clock;
  log?: Pick<Console, "info" | "error">;
  /** After orders were cancelled: send the chat's edits now. */
  onChange?: () => void;
  pollMs?: number;
}

export type ExpiryJob = Job;

/** Runs `expireUnconfirmedOrders` every minute by the injected clock; never throws. */
export function createExpiryJob(options: ExpiryJobOptions): ExpiryJob {
  const { db, now, log = console } = options;
  return createJob({
    name: "Expiring unconfirmed orders",
    everyMs: options.pollMs ?? EXPIRY_POLL_MS,
    log,
    async run() {
      const numbers = await expireUnconfirmedOrders(db, options, now());
      if (numbers.length === 0) return undefined;
      log.info(`Cancelled ${numbers.length} order(s) not confirmed within ${options.hours} h.`);
      options.onChange?.();
      return undefined;
    },
  });
}
