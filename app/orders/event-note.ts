import type { OrderEvent } from "../../db/schema";
import type { Translate } from "./message";

/**
 * A note the shop writes by itself: a `desk` dictionary key and its values. It is stored
 * as such and translated when shown, so every reader reads it in their own language.
 */
export interface SystemNote {
  key: string;
  values: Record<string, number | string>;
}

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

/**
 * An event's note as its reader sees it, with `t` fixed to the reader's language and the
 * `desk` namespace: the shop's own note translated, a person's as they wrote it (also every
 * note written before notes had keys).
 */
export function eventNote(
  event: Pick<OrderEvent, "note" | "note_key" | "note_values">,
  t: Translate,
): string | null {
  return event.note_key ? t(event.note_key, readValues(event.note_values)) : event.note;
}
