import type { OrderEvent } from "../../db/schema";
import type { Translate } from "./message";

/**
 * An order's line as a note keeps it: the product's key and the quantity, named when the
 * note is read, in the reader's language; and the title the order had stored for it, for a
 * product the catalogue no longer has.
 */
export interface NoteLine {
  key: string;
  qty: number;
  title: string;
}

/**
 * An order's delivery as a correction's note keeps it (D84): the zone's id, named when the
 * note is read in the reader's language; the area as the order had it named; the fee.
 */
export interface NoteDelivery {
  zone: string | null;
  area: string | null;
  fee: number;
}

/** An amount as a correction's note keeps it (D86): tetri, written in the reader's way. */
export interface NoteMoney {
  tetri: number;
}

/** How a reader writes a note's amount. */
export type NameMoney = (tetri: number) => string;

/** An amount as stored: GEL with two decimals. */
export const storedMoney: NameMoney = (tetri) => (tetri / 100).toFixed(2);

/** How a reader writes a note's delivery: the area and the fee (`deliveryTitle`). */
export type NameDelivery = (delivery: NoteDelivery) => string;

/** A delivery as stored: the area as the order named it, the fee in GEL. */
export const storedDelivery: NameDelivery = (delivery) =>
  `${delivery.area ?? "—"}, ${(delivery.fee / 100).toFixed(2)}`;

/**
 * A note the shop writes by itself: a `desk` dictionary key and its values. It is stored
 * as such and translated when shown, so every reader reads it in their own language; an
 * order's lines (a correction's before and after) are stored by product key and named then.
 */
export interface SystemNote {
  key: string;
  values: Record<string, number | string | NoteLine[] | NoteDelivery | NoteMoney>;
}

/** How a reader names a note's line: by the catalogue in their language (`lineTitle`). */
export type NameLine = (line: NoteLine) => string;

/** A line named by the title stored with it: for a reader with no catalogue at hand. */
export const storedTitle: NameLine = (line) => line.title;

/** The event's columns for a system note (none without one). */
export function systemNoteColumns(
  note: SystemNote | null | undefined,
): Pick<OrderEvent, "note_key" | "note_values"> {
  return note
    ? { note_key: note.key, note_values: JSON.stringify(note.values) }
    : { note_key: null, note_values: null };
}

/** The stored values, or none when they cannot be read: the text then shows without them. */
function readValues(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    const values: unknown = JSON.parse(json);
    return typeof values === "object" && values !== null && !Array.isArray(values)
      ? (values as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function isNoteLines(value: unknown): value is NoteLine[] {
  return (
    Array.isArray(value) &&
    value.every(
      (line: unknown) =>
        typeof line === "object" &&
        line !== null &&
        typeof (line as NoteLine).key === "string" &&
        typeof (line as NoteLine).qty === "number" &&
        typeof (line as NoteLine).title === "string",
    )
  );
}

function isNoteMoney(value: unknown): value is NoteMoney {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    typeof (value as NoteMoney).tetri === "number"
  );
}

function isNoteDelivery(value: unknown): value is NoteDelivery {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as NoteDelivery).fee === "number"
  );
}

/** An order's lines as a note reads them ("Title × 2; Title × 1"), "—" for none. */
export function linesText(lines: readonly NoteLine[], name: NameLine): string {
  return lines.length === 0 ? "—" : lines.map((line) => `${name(line)} × ${line.qty}`).join("; ");
}

/**
 * An event's note as its reader sees it, with `t` fixed to the reader's language and the
 * `desk` namespace: the shop's own note translated, its lines' products named by `name`
 * (the catalogue's title in the reader's language), a person's note as they wrote it (also
 * every note written before notes had keys). A correction stored before lines had keys
 * reads as it was stored.
 */
export function eventNote(
  event: Pick<OrderEvent, "note" | "note_key" | "note_values">,
  t: Translate,
  name: NameLine,
  nameDelivery: NameDelivery = storedDelivery,
  nameMoney: NameMoney = storedMoney,
): string | null {
  if (!event.note_key) return event.note;
  const values = Object.fromEntries(
    Object.entries(readValues(event.note_values)).map(([field, value]) => [
      field,
      isNoteLines(value)
        ? linesText(value, name)
        : isNoteMoney(value)
          ? nameMoney(value.tetri)
          : isNoteDelivery(value)
            ? nameDelivery(value)
            : value,
    ]),
  );
  return t(event.note_key, values);
}
