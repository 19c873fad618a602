/**
 * Wraps a value put into translated text (a price, a number, a phone) in Unicode
 * first-strong isolates, as <bdi> does for markup, so it reads right inside
 * right-to-left sentences.
 */
export function isolate(value: string): string {
  return `\u2068${value}\u2069`;
}
