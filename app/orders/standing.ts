import type { OrderStatus } from "../../db/schema";

/**
 * How a phone number's orders ended (orders are linked by phone, D26): the desk's and the
 * chat's one-line history, this order included.
 */
export interface PhoneStanding {
  count: number;
  refused: number;
  delivered: number;
}

export const NO_ORDERS: PhoneStanding = { count: 0, refused: 0, delivered: 0 };

/**
 * Whether staff should call before this order ships (D26): it has not left yet and its
 * phone has refused at least `holdAfterRefusals` parcels. A mark, never a refusal: the
 * desk's list, its order page and the chat's message all ask this one rule.
 */
export function callBeforeShipping(
  status: OrderStatus,
  refused: number,
  holdAfterRefusals: number,
): boolean {
  return (status === "new" || status === "confirmed") && refused >= holdAfterRefusals;
}
