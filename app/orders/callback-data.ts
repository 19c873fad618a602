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

/** A cancellation's reason as a button carries it (Other needs words: the desk has it). */
const reasonCodes = { "1": "changedMind", "2": "fakeOrder", "3": "duplicate" } as const;
export type ChatCancelReason = (typeof reasonCodes)[keyof typeof reasonCodes];
export const chatCancelReasons = Object.values(reasonCodes);

/**
 * What a press in the chat asks for (D25): a move; for Cancel and Refused first the
 * question again (`ask`: the buttons become the reasons, or Yes), then the move with its
 * reason; a call nobody answered; or back to the order's own buttons. Every kind names
 * the status it was drawn for, so a press on an order that moved on is stale.
 */
export type DeskPress =
  | {
      kind: "move";
      orderNumber: number;
      from: OrderStatus;
      to: OrderStatus;
      reason?: ChatCancelReason;
    }
  | { kind: "ask"; orderNumber: number; from: OrderStatus; to: "cancelled" | "refused" }
  | { kind: "call"; orderNumber: number; from: OrderStatus }
  | { kind: "back"; orderNumber: number; from: OrderStatus };

export function encodeDeskPress(press: DeskPress): string {
  const head = `o:${press.orderNumber}:${codes[press.from]}`;
  if (press.kind === "call") return `${head}k`;
  if (press.kind === "back") return `${head}b`;
  if (press.kind === "ask") return `${head}${codes[press.to]}`;
  const extra = press.reason
    ? Object.entries(reasonCodes).find(([, reason]) => reason === press.reason)?.[0]
    : press.to === "refused"
      ? "y"
      : "";
  return `${head}${codes[press.to]}${extra ?? ""}`;
}

/** The press a callback_data names, or null for anything this shop did not write. */
export function decodeDeskPress(data: unknown): DeskPress | null {
  if (typeof data !== "string") return null;
  const match = /^o:([1-9]\d{0,8}):([a-z])([a-z])([1-3y])?$/.exec(data);
  if (!match) return null;
  const orderNumber = Number(match[1]);
  const from = statusOfCode.get(match[2] ?? "");
  if (!from) return null;
  const extra = match[4];
  if (match[3] === "k" && !extra) return { kind: "call", orderNumber, from };
  if (match[3] === "b" && !extra) return { kind: "back", orderNumber, from };
  const to = statusOfCode.get(match[3] ?? "");
  if (!to) return null;
  if (to === "cancelled") {
    if (!extra) return { kind: "ask", orderNumber, from, to };
    const reason = reasonCodes[extra as keyof typeof reasonCodes];
    return reason ? { kind: "move", orderNumber, from, to, reason } : null;
  }
  if (to === "refused") {
    if (!extra) return { kind: "ask", orderNumber, from, to };
    return extra === "y" ? { kind: "move", orderNumber, from, to } : null;
  }
  return extra ? null : { kind: "move", orderNumber, from, to };
}
