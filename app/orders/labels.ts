/** The longest pinned note, and the tags an order may carry. */
export const PINNED_MAX = 120;
export const TAG_MAX = 24;
export const TAGS_MAX = 6;

/**
 * The staff's tags from what was typed: split on spaces, commas or #, lower case, each
 * at most TAG_MAX characters of letters, digits, - or _, without repeats, at most TAGS_MAX.
 */
export function parseTags(typed: string): string[] {
  const tags = typed
    .toLocaleLowerCase()
    .split(/[\s,#]+/)
    .map((tag) => tag.replace(/[^\p{L}\p{N}_-]+/gu, "").slice(0, TAG_MAX))
    .filter(Boolean);
  return [...new Set(tags)].slice(0, TAGS_MAX);
}

/** Tags as the orders table keeps them: space-separated with a space at each end, so `% tag %` finds one whole. */
export function storedTags(tags: readonly string[]): string {
  return tags.length > 0 ? ` ${tags.join(" ")} ` : "";
}

export function tagsOf(stored: string): string[] {
  return stored.trim() ? stored.trim().split(" ") : [];
}
