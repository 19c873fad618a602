import { asciiAmount } from "~/platform/digits";
import type { HandoffOutcome } from "../../db/schema";

/**
 * A courier's day (D68): the parcels a courier took for one delivery date and what came of
 * each, and the cash the owner counted in hand. The rules are here, once; the desk's cash
 * page, the reports and the weekly summary read them.
 */

/** The longest courier's name kept. */
export const COURIER_NAME_MAX = 60;

/** Why a parcel was refused at the door, as the courier reports it. */
export const refuseReasons = ["changedMind", "noMoney", "notOrdered", "damaged", "other"] as const;
export type RefuseReason = (typeof refuseReasons)[number];

export function isRefuseReason(value: unknown): value is RefuseReason {
  return typeof value === "string" && (refuseReasons as readonly string[]).includes(value);
}

/** What a courier reports of a parcel. */
export const courierOutcomes = ["delivered", "refused", "not_home"] as const;

export function isCourierOutcome(value: unknown): value is HandoffOutcome {
  return typeof value === "string" && (courierOutcomes as readonly string[]).includes(value);
}

export interface HandoffLine {
  amount: number;
  outcome: HandoffOutcome | null;
}

export interface DayFigures {
  /** Parcels handed over that day, whatever came of them. */
  parcels: number;
  delivered: number;
  refused: number;
  notHome: number;
  /** Parcels the courier has not reported on yet. */
  open: number;
  /**
   * The cash on the parcels handed over, less those nobody was home for: they go out again
   * on another day and their cash is expected there, never on two days.
   */
  expected: number;
  /** What the delivered parcels add up to. */
  collected: number;
  /** What the owner counted in hand; null until counted. */
  received: number | null;
  /** Received less collected: negative when the courier brought less. Null until counted. */
  difference: number | null;
}

/** The figures of one courier's day, from its parcels and what the owner counted. */
export function dayFigures(lines: readonly HandoffLine[], received: number | null): DayFigures {
  const count = (outcome: HandoffOutcome | null) =>
    lines.filter((line) => line.outcome === outcome).length;
  const sum = (keep: (line: HandoffLine) => boolean) =>
    lines.filter(keep).reduce((total, line) => total + line.amount, 0);
  const collected = sum((line) => line.outcome === "delivered");
  return {
    parcels: lines.length,
    delivered: count("delivered"),
    refused: count("refused"),
    notHome: count("not_home"),
    open: count(null),
    expected: sum((line) => line.outcome !== "not_home"),
    collected,
    received,
    difference: received === null ? null : received - collected,
  };
}

/** Whether the cash counted is off what the parcels collected: closing then asks why. */
export function isOff(figures: DayFigures): boolean {
  return figures.difference !== null && figures.difference !== 0;
}

/**
 * Why a day cannot close yet: parcels without an outcome, no cash counted, or cash that
 * does not balance with no words why (the short day closed without a word is how cash
 * went missing for a week).
 */
export function closeProblem(
  figures: DayFigures,
  note: string | null,
): "open" | "received" | "note" | null {
  if (figures.open > 0) return "open";
  if (figures.received === null) return "received";
  if (isOff(figures) && !note) return "note";
  return null;
}

/**
 * Cash as typed by a person ("150", "150.50", "150,5", "1 250", "١٥٠٫٥٠"): whole tetri, or
 * null when it is not an amount. At most a million lari; never negative.
 */
export function parseCash(text: string): number | null {
  const cleaned = asciiAmount(text)
    .trim()
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(",", ".");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = "0", fraction = ""] = cleaned.split(".");
  const tetri = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return tetri <= 100_000_000 ? tetri : null;
}

/** Tetri as a person types lari back into the field: "150" or "150.50". */
export function cashInput(tetri: number): string {
  const lari = Math.floor(tetri / 100);
  const rest = tetri % 100;
  return rest === 0 ? String(lari) : `${lari}.${String(rest).padStart(2, "0")}`;
}

/** Refusal rate = refused ÷ (delivered + refused); null when nothing was delivered or refused. */
export function refusalRate(delivered: number, refused: number): number | null {
  const settled = delivered + refused;
  return settled === 0 ? null : refused / settled;
}
