import type { FlashSessions } from "~/platform/session.server";
import type { OrderStatus } from "../../db/schema";

const OUTCOME_KEY = "deskOutcome";

/**
 * What the last action on the list did, shown once on the page it returns to (with or
 * without JavaScript): how many orders moved where, and each one that could not move,
 * named with the status that kept it.
 */
export interface DeskOutcome {
  kind: "moved" | "called" | "undone" | "notUndone" | "taken" | "corrected" | "uncorrected";
  to?: OrderStatus;
  count: number;
  /** Orders left as they were, with their status now. */
  kept: Array<{ number: string; status: OrderStatus | null }>;
}

/** Keeps the outcome for the next page (`shop.flash`); returns the Set-Cookie header. */
export async function flashOutcome(
  flash: FlashSessions,
  request: Request,
  outcome: DeskOutcome,
): Promise<string> {
  const session = await flash.read(request);
  session.flash(OUTCOME_KEY, outcome);
  return flash.commit(session);
}

/** The outcome waiting for this page, and the header that forgets it (null: none). */
export async function takeOutcome(
  flash: FlashSessions,
  request: Request,
): Promise<{ outcome: DeskOutcome | null; setCookie: string | null }> {
  if (!request.headers.get("Cookie")?.includes("__session="))
    return { outcome: null, setCookie: null };
  const session = await flash.read(request);
  const outcome = (session.get(OUTCOME_KEY) as DeskOutcome | undefined) ?? null;
  if (!outcome) return { outcome: null, setCookie: null };
  return { outcome, setCookie: await flash.commit(session) };
}
