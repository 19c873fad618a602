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

/** Statuses that still need someone to act: the desk's default tab. */
export const needsAction: readonly OrderStatus[] = ["new", "confirmed"];
