import * as v from "valibot";
import { toShortDate } from "~/platform/calendar";
import { type DeliveryWindow, parseDeliveryDate } from "./delivery-date";
import { PHONE_PATTERN, normalizePhone } from "./phone";

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
} as const;

export const checkoutFields = [
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
  | "check.tooLong";

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
  | "errors.unavailableNoPhone";

export interface FormError {
  message: FormMessage;
  fields: CheckoutField[];
  /** Values the message names (the product that ran out, how many are left). */
  values?: Record<string, string | number>;
}

/** The browser's own rule for type="email" (HTML Living Standard). */
export const HTML_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

const text = (limit: number) =>
  v.pipe(v.optional(v.string(), ""), v.trim(), v.maxLength(limit, "check.tooLong"));

/** Optional fields: empty becomes null (spec §5). */
const emptyToNull = v.transform((value: string) => (value === "" ? null : value));

/**
 * The checkout form (spec §5, D8): one schema for the browser's instant feedback and
 * the action's final word. Messages are dictionary keys.
 */
export function checkoutSchema(window: DeliveryWindow) {
  return v.object({
    address: v.pipe(text(FIELD_LIMITS.address), v.nonEmpty("check.address")),
    phone: v.pipe(
      text(FIELD_LIMITS.phone),
      // Any way of writing the number is stored as the spec writes it (D30).
      v.transform((value: string) => normalizePhone(value) ?? value),
      v.regex(PHONE_PATTERN, "check.address"),
    ),
    deliveryTime: v.pipe(
      text(FIELD_LIMITS.deliveryTime),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const parsed = parseDeliveryDate(dataset.value, window);
        if (parsed.ok) return toShortDate(parsed.date);
        const message: CheckoutMessage =
          parsed.problem === "format"
            ? "check.address"
            : parsed.problem === "late"
              ? "check.late"
              : "check.dd";
        addIssue({ message });
        return NEVER;
      }),
    ),
    name: v.pipe(text(FIELD_LIMITS.name), emptyToNull),
    messenger: v.pipe(text(FIELD_LIMITS.messenger), emptyToNull),
    email: v.pipe(
      text(FIELD_LIMITS.email),
      v.check((value: string) => value === "" || HTML_EMAIL.test(value), "check.email"),
      emptyToNull,
    ),
  });
}

export type CheckoutValues = v.InferOutput<ReturnType<typeof checkoutSchema>>;

export type CheckoutResult =
  | { ok: true; values: CheckoutValues }
  | { ok: false; message: CheckoutMessage; fields: CheckoutField[] };

/** Precedence of messages when several fields are wrong: the spec's general one first. */
const PRECEDENCE: CheckoutMessage[] = [
  "check.tooLong",
  "check.address",
  "check.dd",
  "check.late",
  "check.email",
];

export function validateCheckout(
  input: Partial<Record<CheckoutField, string>>,
  window: DeliveryWindow,
): CheckoutResult {
  const result = v.safeParse(checkoutSchema(window), input, { abortPipeEarly: true });
  if (result.success) return { ok: true, values: result.output };
  const fields = new Set<CheckoutField>();
  const messages = new Set<CheckoutMessage>();
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key;
    if (typeof field === "string") fields.add(field as CheckoutField);
    messages.add(issue.message as CheckoutMessage);
  }
  const message = PRECEDENCE.find((candidate) => messages.has(candidate)) ?? "check.address";
  return { ok: false, message, fields: checkoutFields.filter((field) => fields.has(field)) };
}
