// The checkout form's fields, their limits and the messages a shopper can be shown: what
// the form, the desk's order forms and the track page need without the rules themselves
// (./schema, which brings valibot: the checkout loads it only when the form is used).

import type { CodeProblem } from "~/promotions/pricing";

export { PHONE_PREFIX } from "~/phone/prefix";

/** Longest values accepted per field (D11). */
export const FIELD_LIMITS = {
  address: 300,
  deliveryTime: 8,
  // Room for a number written with its country code after the field's own +995:
  // "+995 00995 599 000 111", with brackets or dashes, or copied with direction marks.
  phone: 32,
  /** The name the courier asks for at the door (optional, beyond the spec's fields). */
  name: 80,
  messenger: 64,
  email: 254,
  /** A delivery zone's id. */
  area: 40,
} as const;

export const checkoutFields = [
  "area",
  "address",
  "deliveryTime",
  "phone",
  "name",
  "messenger",
  "email",
] as const;
export type CheckoutField = (typeof checkoutFields)[number];

/** Dictionary keys (checkout namespace) of the messages a shopper can get. */
export type CheckoutMessage =
  | "check.address"
  | "check.dd"
  | "check.late"
  | "check.email"
  | "check.tooLong"
  | "check.area"
  | "check.earliest"
  | "check.closedDay"
  | "check.noDay"
  | "check.minimum";

/** Everything the form can be told: a field's message or the order's own outcome. */
export type FormMessage =
  | CheckoutMessage
  | "errors.saveFailed"
  | "errors.tooMany"
  | "errors.expired"
  | "errors.soldOut"
  | "errors.fewLeft"
  | "errors.closed"
  | "errors.unavailable"
  | "errors.unavailableNoPhone"
  /** Why the promo code does not apply (D86), or that too many were guessed. */
  | `promo.${CodeProblem | "tooMany"}`;

export interface FormError {
  message: FormMessage;
  fields: CheckoutField[];
  /** Values the message names (the product that ran out, how many are left). */
  values?: Record<string, string | number>;
}

export { HTML_EMAIL } from "~/platform/email";
