/** Longest private note or status note. */
export const NOTE_MAX = 1000;

/** A note as it is kept: trimmed, at most NOTE_MAX characters, null when nothing is left. */
export function cleanNote(note: string | null | undefined): string | null {
  const text = (note ?? "").trim().slice(0, NOTE_MAX);
  return text.length > 0 ? text : null;
}
