/** Order numbers are shown padded to six digits (spec §9). */
export function formatOrderNumber(orderNumber: number): string {
  return String(orderNumber).padStart(6, "0");
}
