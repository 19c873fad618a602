import type { OrderStatus } from "../../db/schema";

/** Telegram carries at most this many bytes of callback_data per button. */
export const CALLBACK_DATA_LIMIT = 64;

const codes: Record<OrderStatus, string> = {
  new: "n",
  confirmed: "c",
  shipped: "s",
  delivered: "d",
  refused: "r",
  cancelled: "x",
};
const statusOfCode = new Map(
  Object.entries(codes).map(([status, code]) => [code, status as OrderStatus]),
);

/** What a button asks for: move this order, which is in `from` now, to `to`. */
export interface StatusPress {
  orderNumber: number;
  from: OrderStatus;
  to: OrderStatus;
}

/**
 * A button's callback_data (D25): `o:<order number>:<from><to>`, e.g. `o:4321:nc`, a dozen
 * bytes. It names the status the button was drawn for, so a press after the order moved
 * on is recognised as stale rather than applied to the new state.
 */
export function encodeStatusPress(press: StatusPress): string {
  return `o:${press.orderNumber}:${codes[press.from]}${codes[press.to]}`;
}

/** The press a callback_data names, or null for anything this shop did not write. */
export function decodeStatusPress(data: unknown): StatusPress | null {
  if (typeof data !== "string") return null;
  const match = /^o:([1-9]\d{0,8}):([a-z])([a-z])$/.exec(data);
  if (!match) return null;
  const from = statusOfCode.get(match[2] ?? "");
  const to = statusOfCode.get(match[3] ?? "");
  if (!from || !to) return null;
  return { orderNumber: Number(match[1]), from, to };
}
