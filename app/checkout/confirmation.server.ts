import type { FlashSessions } from "~/platform/session.server";

/** How long the thank-you page keeps showing the order to the browser that placed it. */
export const CONFIRMATION_TTL_MS = 30 * 60 * 1000;

const KEY = "placedOrder";

interface PlacedOrderMark {
  orderNumber: number;
  placedAt: number;
}

/**
 * Remembers, in the signed session, which order this browser just placed (D10): only
 * that browser can see its thank-you page, and a reload still shows it for a while.
 */
export async function rememberPlacedOrder(
  flash: FlashSessions,
  request: Request,
  orderNumber: number,
  now: number,
): Promise<string> {
  const session = await flash.read(request);
  session.set(KEY, { orderNumber, placedAt: now } satisfies PlacedOrderMark);
  return flash.commit(session);
}

/** The order this browser placed recently, or null. */
export async function readPlacedOrder(
  flash: FlashSessions,
  request: Request,
  now: number,
): Promise<number | null> {
  const session = await flash.read(request);
  const mark = session.get(KEY) as PlacedOrderMark | undefined;
  if (!mark || typeof mark.orderNumber !== "number" || typeof mark.placedAt !== "number")
    return null;
  if (now - mark.placedAt > CONFIRMATION_TTL_MS || mark.placedAt > now + 60_000) return null;
  return mark.orderNumber;
}
