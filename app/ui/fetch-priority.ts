/**
 * The image's fetch priority as an attribute. React 18 does not know the camel-cased
 * `fetchPriority` prop the types offer: it warns in development and writes the attribute
 * only by accident of its fallback. The lower-case attribute passes through as written.
 */
export function fetchPriority(priority: "high" | undefined): Record<string, string> {
  return priority ? { fetchpriority: priority } : {};
}
