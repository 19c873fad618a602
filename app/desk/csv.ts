/** Byte-order mark: spreadsheet programs then read the file as UTF-8 (Georgian, Russian). */
export const CSV_BOM = "\uFEFF";

/**
 * One CSV cell (RFC 4180). A value a spreadsheet would run as a formula (starting with
 * =, +, -, @, or a tab or carriage return before one) gets a leading apostrophe, so a
 * shopper's address can never become a formula on the owner's computer (D27).
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: ReadonlyArray<string | number | null>): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
