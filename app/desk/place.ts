/**
 * Where a desk page comes back to after a press on one of its cards: that card, by its
 * id as the address's fragment (`/desk/people#person-3`), with scripts or without (the
 * browser, or Remix's scroll restoration, scrolls the fragment into view). A card the
 * press takes off the list (a review published from the waiting tab, a number unblocked)
 * hands the place to its neighbour, so the owner goes on where they were.
 */

/** After the card at `index` leaves the list: the next card, else the one before, else `fallback`. */
export function neighbourOf(anchors: readonly string[], index: number, fallback: string): string {
  return anchors[index + 1] ?? anchors[index - 1] ?? fallback;
}

/** A card's id made of anything (a phone number): letters, digits and dashes. */
export function anchorOf(kind: string, id: string | number): string {
  return `${kind}-${String(id).replace(/[^A-Za-z0-9]+/g, "")}`;
}

/**
 * The place a form posted (`place`), when it is a fragment the desk writes (a word, then
 * digits or dashes), else `fallback`: nothing else goes back into the address.
 */
export function postedPlace(value: string | null | undefined, fallback: string): string {
  return value && /^[a-z]+(?:-[A-Za-z0-9]+)+$/.test(value) && value.length <= 60 ? value : fallback;
}
