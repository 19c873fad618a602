import { asciiDigits } from "~/platform/digits";

/**
 * An order's own fields as the checkout's rules (`checkout/schema.ts`) hand them over,
 * checked and normalised: what placing and correcting an order store. The checkout's
 * schema is held to this shape by its type (`CheckoutValues`).
 */
export interface OrderFields {
  address: string;
  /** The phone as stored (D30): `+995 XXX XXX XXX`. */
  phone: string;
  /** The delivery date, `DD.MM.YY`. */
  deliveryTime: string;
  name: string | null;
  messenger: string | null;
  email: string | null;
}

/**
 * A line's quantity as staff type it into an order's form (a phone order, a correction),
 * in ASCII or Arabic-Indic digits: empty is none (0), a whole number as written, and null
 * when it is not one, so the form is refused rather than the line dropped.
 */
export function parseLineQuantity(text: string): number | null {
  const typed = asciiDigits(text).trim();
  if (typed === "") return 0;
  return /^\d{1,6}$/.test(typed) ? Number(typed) : null;
}
