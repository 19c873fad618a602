import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { type Actor, recordChanges } from "~/content/activity.server";
import type { DeliveryZone } from "~/delivery/zones";
import { orderAmounts } from "~/orders/amounts";
import { changeOrderStatusIn } from "~/orders/change-status.server";
import { systemNoteColumns } from "~/orders/event-note";
import type { ChatSettings } from "~/orders/message.server";
import { refreshOrderMessages } from "~/orders/message.server";
import { cleanNote } from "~/orders/note";
import { formatOrderNumber } from "~/orders/order-number";
import { type CalendarDate, parseIsoDate, toIsoDate, toShortDate } from "~/platform/calendar";
import { isoAt } from "~/platform/clock";
import type { Courier, Database, HandoffOutcome } from "../../db/schema";
import { type DayFigures, type RefuseReason, closeProblem, dayFigures, isOff } from "./model";
import { byPlace } from "./places";

export interface HandOverInput {
  courierId: number;
  /** The delivery date the parcels go out for: the courier's day. */
  day: CalendarDate;
  orderNumbers: readonly number[];
  actor: Actor;
}

export type HandOver =
  | { outcome: "courier" }
  | {
      outcome: "done";
      handed: number[];
      /** Orders that could not go (not confirmed, or gone): named with their status. */
      kept: Array<{ orderNumber: number; status: string | null }>;
    };

/**
 * Hands confirmed orders to a courier for a day (D68), in one transaction: each moves to
 * shipped through the status rule with the courier and the day written on it, and gets a
 * hand-off carrying the cash to collect as it stands. An order that may not move (not
 * confirmed any more) is named and left as it was; an order already with a courier cannot
 * be handed over twice (it is shipped, and an open hand-off is unique per order).
 */
export async function handOver(
  db: Kysely<Database>,
  input: HandOverInput,
  now: number,
  chat: ChatSettings,
): Promise<HandOver> {
  return db.transaction().execute(async (trx) => {
    const courier = await trx
      .selectFrom("couriers")
      .selectAll()
      .where("id", "=", input.courierId)
      .where("active", "=", 1)
      .executeTakeFirst();
    if (!courier) return { outcome: "courier" } as const;
    const day = toIsoDate(input.day);
    const handed: number[] = [];
    const kept: Array<{ orderNumber: number; status: string | null }> = [];
    // One hand-over, one action: its parcels are undone together or not at all.
    const actionId = randomUUID();
    for (const orderNumber of new Set(input.orderNumbers)) {
      const change = await changeOrderStatusIn(
        trx,
        {
          orderNumber,
          to: "shipped",
          actor: input.actor,
          actionId,
          systemNote: { key: "event.handedOver", values: { courier: courier.name } },
          also: {
            courier_id: courier.id,
            delivery_date: day,
            delivery_time: toShortDate(input.day),
          },
        },
        now,
        chat,
      );
      if (change.outcome !== "moved") {
        kept.push({
          orderNumber,
          status: change.outcome === "notFound" ? null : change.order.status,
        });
        continue;
      }
      await trx
        .insertInto("handoffs")
        .values({
          order_id: change.order.id,
          courier_id: courier.id,
          day,
          amount: orderAmounts(change.order).total,
          handed_at: isoAt(now),
          handed_by: input.actor.name,
        })
        .execute();
      handed.push(orderNumber);
    }
    return { outcome: "done", handed, kept } as const;
  });
}

/** One parcel of a courier's day, as the manifest and the cash page list it. */
export interface Parcel {
  handoffId: number;
  orderNumber: number;
  name: string | null;
  address: string;
  phone: string;
  pinnedNote: string | null;
  /** The zone the order went to and its area's name then (D84). */
  zone: string | null;
  area: string | null;
  /** Cash to collect, as handed over: the goods and the delivery fee. */
  amount: number;
  /** The order's goods, its code's discount and delivery fee (`orderAmounts`). */
  goods: number;
  discount: number;
  delivery: number;
  /** The promotion code the order used (D86), if any. */
  promoCode: string | null;
  outcome: HandoffOutcome | null;
  reason: string | null;
  nextDay: string | null;
  items: Array<{ key: string; title: string; qty: number }>;
}

export interface CourierDay {
  courier: Pick<Courier, "id" | "name" | "phone">;
  day: string;
  parcels: Parcel[];
  figures: DayFigures;
  receivedBy: string | null;
  closedAt: string | null;
  closedBy: string | null;
  /** Why the day closed with the cash off what was collected. */
  closeNote: string | null;
}

/**
 * Every courier's day on `day` (or one courier's), with its parcels in the order they were
 * handed over, their items, and the figures (`dayFigures`).
 */
export async function courierDays(
  db: Kysely<Database> | Transaction<Database>,
  day: string,
  courierId?: number,
): Promise<CourierDay[]> {
  let query = db
    .selectFrom("handoffs")
    .innerJoin("orders", "orders.id", "handoffs.order_id")
    .innerJoin("couriers", "couriers.id", "handoffs.courier_id")
    .select([
      "handoffs.id as handoffId",
      "handoffs.order_id",
      "handoffs.amount",
      "handoffs.outcome",
      "handoffs.reason",
      "handoffs.next_day",
      "couriers.id as courierId",
      "couriers.name as courierName",
      "couriers.phone as courierPhone",
      "orders.order_number",
      "orders.name",
      "orders.address",
      "orders.phone",
      "orders.pinned_note",
      "orders.total",
      "orders.discount",
      "orders.promo_code",
      "orders.delivery_fee",
      "orders.delivery_zone",
      "orders.delivery_area",
    ])
    .where("handoffs.day", "=", day);
  if (courierId !== undefined) query = query.where("handoffs.courier_id", "=", courierId);
  const rows = await query.orderBy("couriers.name").orderBy("handoffs.id").execute();
  if (rows.length === 0) return [];
  const [items, kept] = await Promise.all([
    db
      .selectFrom("order_items")
      .select(["order_id", "item_key", "title", "qty"])
      .where(
        "order_id",
        "in",
        rows.map((row) => row.order_id),
      )
      .orderBy("id")
      .execute(),
    db.selectFrom("courier_days").selectAll().where("day", "=", day).execute(),
  ]);
  const itemsOf = new Map<number, Array<{ key: string; title: string; qty: number }>>();
  for (const item of items) {
    const list = itemsOf.get(item.order_id) ?? [];
    list.push({ key: item.item_key, title: item.title, qty: item.qty });
    itemsOf.set(item.order_id, list);
  }
  const days = new Map<number, CourierDay>();
  for (const row of rows) {
    let entry = days.get(row.courierId);
    if (!entry) {
      const stored = kept.find((candidate) => candidate.courier_id === row.courierId);
      entry = {
        courier: { id: row.courierId, name: row.courierName, phone: row.courierPhone },
        day,
        parcels: [],
        figures: dayFigures([], stored?.received ?? null),
        receivedBy: stored?.received_by ?? null,
        closedAt: stored?.closed_at ?? null,
        closedBy: stored?.closed_by ?? null,
        closeNote: stored?.close_note ?? null,
      };
      days.set(row.courierId, entry);
    }
    const amounts = orderAmounts(row);
    entry.parcels.push({
      handoffId: row.handoffId,
      orderNumber: row.order_number,
      name: row.name,
      address: row.address,
      phone: row.phone,
      pinnedNote: row.pinned_note,
      zone: row.delivery_zone,
      area: row.delivery_area,
      amount: row.amount,
      goods: amounts.goods,
      discount: amounts.discount,
      delivery: amounts.delivery,
      promoCode: row.promo_code,
      outcome: row.outcome,
      reason: row.reason,
      nextDay: row.next_day,
      items: itemsOf.get(row.order_id) ?? [],
    });
  }
  for (const entry of days.values())
    entry.figures = dayFigures(entry.parcels, entry.figures.received);
  return [...days.values()];
}

export type ReportInput =
  | { outcome: "delivered" }
  | { outcome: "refused"; reason: RefuseReason; note: string | null }
  | { outcome: "not_home"; nextDay: CalendarDate };

export type Report =
  | "done"
  | "same"
  | "notFound"
  /** The order is no longer with this courier (settled or moved meanwhile). */
  | "changed"
  /** The day is closed: only an owner, with a note, changes it. */
  | "closed";

/**
 * What the courier reports of one parcel: delivered or refused moves the order through the
 * status rule (the hand-off settles with it); not home puts it back to confirmed with the
 * new delivery date, counted on the order. On a closed day only an owner with a note may
 * report, and the change is in the activity trail with before → after.
 */
export async function reportParcel(
  db: Kysely<Database>,
  input: {
    handoffId: number;
    report: ReportInput;
    actor: Actor & { staffId: number };
    owner: boolean;
    note?: string | null;
  },
  now: number,
  chat: ChatSettings,
): Promise<Report> {
  return db.transaction().execute(async (trx) => {
    const handoff = await trx
      .selectFrom("handoffs")
      .innerJoin("orders", "orders.id", "handoffs.order_id")
      .leftJoin("courier_days", (join) =>
        join
          .onRef("courier_days.courier_id", "=", "handoffs.courier_id")
          .onRef("courier_days.day", "=", "handoffs.day"),
      )
      .select([
        "handoffs.id",
        "handoffs.order_id",
        "handoffs.courier_id",
        "handoffs.day",
        "handoffs.outcome",
        "orders.order_number",
        "orders.status",
        "courier_days.closed_at",
      ])
      .where("handoffs.id", "=", input.handoffId)
      .executeTakeFirst();
    if (!handoff) return "notFound";
    if (handoff.outcome === input.report.outcome) return "same";
    if (handoff.outcome !== null || handoff.status !== "shipped") return "changed";
    const note = cleanNote(input.note);
    if (handoff.closed_at && !(input.owner && note)) return "closed";
    const { report } = input;
    if (report.outcome === "not_home") {
      const nextDay = toIsoDate(report.nextDay);
      const moved = await trx
        .updateTable("orders")
        .set((eb) => ({
          status: "confirmed",
          delivery_date: nextDay,
          delivery_time: toShortDate(report.nextDay),
          not_home: eb("not_home", "+", 1),
          courier_id: null,
        }))
        .where("id", "=", handoff.order_id)
        .where("status", "=", "shipped")
        .returningAll()
        .executeTakeFirst();
      if (!moved) return "changed";
      await trx
        .updateTable("handoffs")
        .set({ outcome: "not_home", outcome_at: isoAt(now), next_day: nextDay })
        .where("id", "=", handoff.id)
        .execute();
      await trx
        .insertInto("order_events")
        .values({
          order_id: handoff.order_id,
          at: isoAt(now),
          actor: input.actor.name,
          staff_id: input.actor.staffId,
          kind: "status",
          from_status: "shipped",
          to_status: "confirmed",
          note,
          ...systemNoteColumns({
            key: "event.notHome",
            values: { date: toShortDate(report.nextDay) },
          }),
          undoes: null,
        })
        .execute();
      await refreshOrderMessages(trx, moved, chat, now);
    } else {
      const change = await changeOrderStatusIn(
        trx,
        {
          orderNumber: handoff.order_number,
          to: report.outcome,
          actor: input.actor,
          note: report.outcome === "refused" ? (report.note ?? note) : note,
          systemNote:
            report.outcome === "refused"
              ? { key: `refuseReason.${report.reason}`, values: {} }
              : undefined,
        },
        now,
        chat,
      );
      if (change.outcome !== "moved") return "changed";
    }
    if (handoff.closed_at)
      await recordChanges(trx, {
        actor: input.actor,
        subject: { type: "cash", id: `${handoff.courier_id}/${handoff.day}` },
        changes: [
          {
            field: `order ${formatOrderNumber(handoff.order_number)}`,
            before: "shipped",
            after: `${report.outcome} (${note})`,
          },
        ],
        now,
      });
    return "done";
  });
}

export type DayChange = "done" | "closed" | "open" | "received" | "note" | "notFound";

async function dayRow(trx: Transaction<Database>, courierId: number, day: string) {
  const handed = await trx
    .selectFrom("handoffs")
    .select("id")
    .where("courier_id", "=", courierId)
    .where("day", "=", day)
    .executeTakeFirst();
  if (!handed) return null;
  const existing = await trx
    .selectFrom("courier_days")
    .selectAll()
    .where("courier_id", "=", courierId)
    .where("day", "=", day)
    .executeTakeFirst();
  if (existing) return existing;
  await trx.insertInto("courier_days").values({ courier_id: courierId, day }).execute();
  return trx
    .selectFrom("courier_days")
    .selectAll()
    .where("courier_id", "=", courierId)
    .where("day", "=", day)
    .executeTakeFirstOrThrow();
}

/**
 * Records the cash the owner counted in hand from a courier for a day. Once the day is
 * closed, only an owner with a note changes it, recorded with before → after.
 */
export async function receiveCash(
  db: Kysely<Database>,
  input: {
    courierId: number;
    day: string;
    received: number;
    actor: Actor;
    owner: boolean;
    note?: string | null;
  },
  now: number,
): Promise<DayChange> {
  return db.transaction().execute(async (trx) => {
    const row = await dayRow(trx, input.courierId, input.day);
    if (!row) return "notFound";
    const note = cleanNote(input.note);
    if (row.closed_at && !(input.owner && note)) return "closed";
    if (row.received === input.received) return "done";
    await trx
      .updateTable("courier_days")
      .set({ received: input.received, received_at: isoAt(now), received_by: input.actor.name })
      .where("courier_id", "=", input.courierId)
      .where("day", "=", input.day)
      .execute();
    const lari = (tetri: number | null) => (tetri === null ? null : (tetri / 100).toFixed(2));
    await recordChanges(trx, {
      actor: input.actor,
      subject: { type: "cash", id: `${input.courierId}/${input.day}` },
      changes: [
        {
          field: "received",
          before: lari(row.received),
          after: note ? `${lari(input.received)} (${note})` : lari(input.received),
        },
      ],
      now,
    });
    return "done";
  });
}

/**
 * Closes a courier's day: every parcel reported on, the cash counted and, when it is off
 * what was collected, the owner's words why (kept with the closing and in the trail); or
 * it stays open and says why. A closed day is locked (`reportParcel`, `receiveCash`, an
 * undo).
 */
export async function closeDay(
  db: Kysely<Database>,
  input: { courierId: number; day: string; actor: Actor; note?: string | null },
  now: number,
): Promise<DayChange> {
  return db.transaction().execute(async (trx) => {
    const row = await dayRow(trx, input.courierId, input.day);
    if (!row) return "notFound";
    if (row.closed_at) return "done";
    const [entry] = await courierDays(trx, input.day, input.courierId);
    if (!entry) return "notFound";
    const off = isOff(entry.figures);
    // Words are kept only where they explain something: a day that balances closes bare.
    const note = off ? cleanNote(input.note) : null;
    const problem = closeProblem(entry.figures, note);
    if (problem) return problem;
    await trx
      .updateTable("courier_days")
      .set({ closed_at: isoAt(now), closed_by: input.actor.name, close_note: note })
      .where("courier_id", "=", input.courierId)
      .where("day", "=", input.day)
      .where("closed_at", "is", null)
      .execute();
    await recordChanges(trx, {
      actor: input.actor,
      subject: { type: "cash", id: `${input.courierId}/${input.day}` },
      changes: [{ field: "closed", before: null, after: note ? `closed (${note})` : "closed" }],
      now,
    });
    return "done";
  });
}

/** A courier's day as the desk's address writes it, or null. */
export function parseDay(text: string | null | undefined): string | null {
  const date = text ? parseIsoDate(text) : null;
  return date ? toIsoDate(date) : null;
}

/**
 * The confirmed orders a hand-off offers: those for the day first, then every other; each
 * list by place (zones in the owner's order, named in `language`), then address (D84).
 */
export async function handOffCandidates(
  db: Kysely<Database>,
  day: string,
  places: { zones: readonly DeliveryZone[]; language: string },
) {
  const rows = (
    await db
      .selectFrom("orders")
      .select([
        "id",
        "order_number",
        "name",
        "address",
        "phone",
        "total",
        "delivery_date",
        "pinned_note",
        "delivery_fee",
        "delivery_zone",
        "delivery_area",
      ])
      .where("status", "=", "confirmed")
      .orderBy("delivery_date")
      .orderBy("created_at")
      .limit(500)
      .execute()
  ).map((row) => ({ ...row, zone: row.delivery_zone, area: row.delivery_area }));
  const grouped = (list: typeof rows) => byPlace(list, places.zones, places.language);
  return {
    forDay: grouped(rows.filter((row) => row.delivery_date === day)),
    others: grouped(rows.filter((row) => row.delivery_date !== day)),
  };
}
