import type { OrderStatus } from "../../db/schema";

export type { OrderStatus };

/** Every status, in the order an order moves through them (D24). */
export const orderStatuses = [
  "new",
  "confirmed",
  "shipped",
  "delivered",
  "refused",
  "cancelled",
] as const satisfies readonly OrderStatus[];

/** A status an order can be moved to: any but new, where every order starts. */
export type MoveTarget = Exclude<OrderStatus, "new">;

/**
 * The moves cash on delivery allows (D24): new → confirmed → shipped → delivered; a
 * parcel refused at the door comes back from shipped; an order is cancelled before it
 * leaves. Delivered, refused and cancelled are final.
 */
const moves: Record<OrderStatus, readonly MoveTarget[]> = {
  new: ["confirmed", "cancelled"],
  confirmed: ["shipped", "cancelled"],
  shipped: ["delivered", "refused"],
  delivered: [],
  refused: [],
  cancelled: [],
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (orderStatuses as readonly string[]).includes(value);
}

/** The statuses an order can be moved to from `from`, in the order buttons show them. */
export function nextStatuses(from: OrderStatus): readonly MoveTarget[] {
  return moves[from];
}

export type Transition = "move" | "same" | "refused";

/**
 * What asking to move an order from `from` to `to` does: a move, nothing at all (it is
 * already there: a repeated press or a resent form), or a refusal that changes nothing.
 * The one rule the desk, its forms and the chat's buttons all follow.
 */
export function transition(from: OrderStatus, to: OrderStatus): Transition {
  if (from === to) return "same";
  return (moves[from] as readonly OrderStatus[]).includes(to) ? "move" : "refused";
}

/** Where an order's road ends: nothing moves it on (an undo aside). */
export const FINAL_STATUSES: readonly OrderStatus[] = ["delivered", "refused", "cancelled"];

/** Statuses that still need someone to act: the desk's default tab. */
export const needsAction: readonly OrderStatus[] = ["new", "confirmed"];

/** Moves that end an order's road: asked once more before they happen. */
export function asksTwice(to: OrderStatus): boolean {
  return to === "cancelled" || to === "refused";
}

/** Why an order is cancelled; `other` takes the staff's own words. */
export const cancelReasons = ["changedMind", "fakeOrder", "duplicate", "other"] as const;
export type CancelReason = (typeof cancelReasons)[number];

export function isCancelReason(value: unknown): value is CancelReason {
  return typeof value === "string" && (cancelReasons as readonly string[]).includes(value);
}

/** How long the person who changed a status may undo it alone; later only an owner, with a note. */
export const UNDO_WINDOW_MS = 10 * 60 * 1000;

/** A status change as the undo rule reads it. */
export interface UndoableEvent {
  at: string;
  staffId: number | null;
  /** An undo is not undone in turn: the status is moved on again instead. */
  undoes: number | null;
}

export type UndoRight = "alone" | "withNote" | "none";

/**
 * Who may undo a status change, and how: the person who made it within ten minutes;
 * an owner at any time, writing why once the ten minutes are over (or when it was
 * somebody else's). Nobody else, and never an undo itself.
 */
export function undoRight(
  event: UndoableEvent,
  person: { staffId: number; owner: boolean },
  now: number,
): UndoRight {
  if (event.undoes !== null) return "none";
  const fresh = now - Date.parse(event.at) <= UNDO_WINDOW_MS;
  if (fresh && event.staffId === person.staffId) return "alone";
  return person.owner ? "withNote" : "none";
}

/**
 * A cancellation's reason as the timeline keeps it: the reason's dictionary key (read in
 * each reader's language) and, for `other`, the staff's own words, which it then needs.
 * Null when the reason is missing or `other` has no words.
 */
export function cancellationNote(
  reason: unknown,
  words: string | null | undefined,
): { key: string; note: string | null } | null {
  if (!isCancelReason(reason)) return null;
  const note = words?.trim() ? words.trim() : null;
  if (reason === "other" && !note) return null;
  return { key: `cancelReason.${reason}`, note: reason === "other" ? note : null };
}
