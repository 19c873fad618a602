import * as v from "valibot";
import type { OrderFields } from "~/orders/fields";
import { PHONE_PATTERN, normalizePhone } from "~/phone/phone";
import { toShortDate } from "~/platform/calendar";
import { type DeliveryWindow, parseDeliveryDate } from "./delivery-date";
import {
  type CheckoutField,
  type CheckoutMessage,
  FIELD_LIMITS,
  HTML_EMAIL,
  checkoutFields,
} from "./fields";

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

/** The schema's output, which must be an order's fields (the build fails otherwise). */
type OrderFieldsOf<T extends OrderFields> = T;
export type CheckoutValues = OrderFieldsOf<v.InferOutput<ReturnType<typeof checkoutSchema>>>;

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
