import { type DeliveryOffer, checkDeliveryDay } from "~/delivery/days";
import { isolate } from "~/i18n/isolate";
import { formatPrice } from "~/i18n/money";
import { isoWeekday, parseShortDate, toShortDate } from "~/platform/calendar";
import { asciiDigits } from "~/platform/digits";
import type { FormError } from "./fields";
import { offeredZone } from "./offered";

// Where and when as the checkout checks them (D84), the same in the browser (in the
// form's lazily loaded rules, ./typing) and on the server. A refused date names the next
// possible day.

/**
 * The date (already in DD.MM.YY and inside the window) checked against the area's days;
 * null when it may be booked.
 */
export function checkDeliveryChoice(
  offer: DeliveryOffer,
  area: string | null,
  deliveryTime: string,
): FormError | null {
  const zone = offeredZone(offer, area);
  if (!zone) return { message: "check.area", fields: ["area"] };
  const date = parseShortDate(asciiDigits(deliveryTime));
  if (!date) return null;
  const checked = checkDeliveryDay(date, zone, offer);
  if (checked.ok) return null;
  if (checked.problem === "late" && !checked.next)
    return { message: "check.late", fields: ["deliveryTime"] };
  if (!checked.next)
    return { message: "check.noDay", fields: ["deliveryTime"], values: { area: zone.name } };
  return {
    message: checked.problem === "early" ? "check.earliest" : "check.closedDay",
    fields: ["deliveryTime"],
    values: {
      area: zone.name,
      weekday: isoWeekday(checked.next),
      date: toShortDate(checked.next).slice(0, 5),
    },
  };
}

/**
 * A complete typed date the area cannot take, moved to its next possible day (the masked
 * field and the picker accept only the area's days); anything else as it is.
 */
export function snapToArea(text: string, offer: DeliveryOffer, area: string | null): string {
  const zone = offeredZone(offer, area);
  const date = parseShortDate(asciiDigits(text));
  if (!zone || !date) return text;
  const checked = checkDeliveryDay(date, zone, offer);
  return !checked.ok && checked.next ? toShortDate(checked.next) : text;
}

/**
 * A refusal's values as the sentence shows them, in `language`: the area and the date
 * isolated, the weekday's name, money as prices. Done where the refusal is made (the
 * server's action, the form's rules in the browser), so the page's first load carries no
 * more than the sentence (D84).
 */
export function explainRefusal(
  error: FormError,
  t: (key: string) => string,
  language: string,
): FormError {
  const values = error.values;
  if (!values) return error;
  const shown: Record<string, string | number> = { ...values };
  if (typeof values.area === "string") shown.area = isolate(values.area);
  if (typeof values.date === "string") shown.date = isolate(values.date);
  if (typeof values.weekday === "number") shown.day = t(`checkout:weekday.${values.weekday}`);
  for (const amount of ["minimum", "missing"])
    if (typeof values[amount] === "number")
      shown[amount] = isolate(formatPrice(values[amount] as number, language));
  return { ...error, values: shown };
}
