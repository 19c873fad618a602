import { type TextField, textFields } from "~/catalog/model";
import { getLanguage, isLanguageCode } from "~/i18n/languages";
import { formatShopDate } from "~/platform/calendar";

/**
 * What the activity trail's stored field names mean to a reader: a `desk` dictionary key
 * for the label, and for a product's texts the language they are in. Field names the
 * shop no longer writes are shown as stored.
 */
export type FieldWords =
  | { kind: "field"; name: string }
  | { kind: "text"; name: TextField; language: string }
  /** A field of `activity.fields` in one language (a testimonial's name, role or text). */
  | { kind: "language"; name: string; language: string }
  /** What came of an order of a closed courier's day: "order 000123". */
  | { kind: "order"; number: string }
  /** A delivery zone's field (D84): "zones.rustavi.fee", a name in one language. */
  | { kind: "zone"; name: string; zone: string; language: string | null }
  | { kind: "unknown" };

const FIELDS = new Set([
  "created",
  "deleted",
  "group",
  "slug",
  "status",
  "price",
  "volume",
  "stock",
  "position",
  "line",
  "related",
  "survey",
  "photos",
  "contacts.email",
  "contacts.telegram",
  "contacts.whatsapp",
  "contacts.phone",
  "orders.taking",
  "orders.resumeOn",
  "delivery.from",
  "delivery.daysAhead",
  "role",
  "locked",
  "invited",
  "blocked",
  "chats.language",
  "texts.required",
  "name",
  "phone",
  "active",
  "received",
  "closed",
  "review.status",
  "review.reason",
  "review.reply",
  "rating",
  "hidden",
  "removed",
  "week.cutoffHour",
  "week.holidays",
  "week.minimum",
  // What the owner decides about messages (issue 39).
  "messages.sms.received",
  "messages.sms.confirmed",
  "messages.sms.morning",
  "messages.sms.delivered",
  "messages.segmentPrice",
  "messages.askCode",
  "messages.notifyEmails",
  "messages.notifyPhones",
  // A promotion's fields (D86).
  "promotion.code",
  "promotion.name",
  "promotion.startsOn",
  "promotion.endsOn",
  "promotion.active",
  "promotion.percent",
  "promotion.amount",
  "promotion.minGoods",
  "promotion.useLimit",
  "promotion.oncePerPhone",
  "promotion.combines",
  "promotion.products",
  "promotion.product",
  "promotion.minQty",
  "promotion.price",
]);

const ZONE_FIELD = /^zones\.([^.]+)\.(fee|freeFrom|weekdays|earliest|on|name\.([a-z]{2}))$/;

export function fieldWords(field: string): FieldWords {
  const order = /^order (\d+)$/.exec(field);
  if (order?.[1]) return { kind: "order", number: order[1] };
  // A testimonial's text in one language: "testimonial.ka.name".
  const testimonial = /^testimonial\.([a-z]{2})\.(name|role|text)$/.exec(field);
  if (testimonial && isLanguageCode(testimonial[1]))
    return {
      kind: "language",
      name: `testimonial.${testimonial[2]}`,
      language: getLanguage(testimonial[1]).name,
    };
  const zone = ZONE_FIELD.exec(field);
  if (zone?.[1] && zone[2]) {
    const language = isLanguageCode(zone[3]) ? getLanguage(zone[3]).name : null;
    return { kind: "zone", name: `zones.${zone[3] ? "name" : zone[2]}`, zone: zone[1], language };
  }
  const text = /^texts\.([a-z]{2})\.(\w+)$/.exec(field);
  const [, language, name] = text ?? [];
  if (isLanguageCode(language) && (textFields as readonly string[]).includes(name ?? "")) {
    return { kind: "text", name: name as TextField, language: getLanguage(language).name };
  }
  return FIELDS.has(field) ? { kind: "field", name: field } : { kind: "unknown" };
}

/**
 * A stored value as the reader reads it: words of the dictionary (a status, a role, a line,
 * yes/no, on/off), an order's status or a parcel's outcome with the note it was changed
 * with, money (stored as lari, "35.00"), a day (stored as YYYY-MM-DD, shown as every page
 * writes days) or a language by its own name; null for a value shown as stored.
 */
export type ValueWords =
  | {
      kind: "status" | "role" | "line" | "flag" | "reviewStatus" | "reason" | "askCode";
      value: string;
    }
  | { kind: "orderStatus"; value: string; note: string | null }
  | { kind: "money"; tetri: number; note: string | null }
  /** A courier's day closed with the owner's words why its cash was off. */
  | { kind: "closedWithNote"; note: string }
  | { kind: "date" | "languageName"; text: string }
  /** A zone's courier days stored as ISO weekdays ("2,5"), named in the reader's words. */
  | { kind: "weekdays"; days: number[] }
  /** Languages stored by code ("ka, ar"), named as the switcher names them. */
  | { kind: "languages"; value: string }
  | null;

/** A value and the note an owner gave with it ("delivered (rang twice)"). */
const WITH_NOTE = /^(\S+)(?: \(([\s\S]*)\))?$/;

export function valueWords(field: string, value: string): ValueWords {
  if (field === "texts.required") {
    const codes = value.split(", ");
    if (codes.every(isLanguageCode))
      return { kind: "languages", value: codes.map((code) => getLanguage(code).name).join(", ") };
  }
  if (fieldWords(field).kind === "order") {
    const [, status = "", note] = WITH_NOTE.exec(value) ?? [];
    if (/^(new|confirmed|shipped|delivered|refused|cancelled|not_home)$/.test(status))
      return { kind: "orderStatus", value: status, note: note ?? null };
  }
  if (/^zones\.[^.]+\.weekdays$/.test(field) && /^[1-7](,[1-7])*$/.test(value))
    return { kind: "weekdays", days: value.split(",").map(Number) };
  if (/^zones\.[^.]+\.on$/.test(field) && /^(on|off)$/.test(value)) return { kind: "flag", value };
  if (/^promotion\.(active|oncePerPhone|combines)$/.test(field) && /^(on|off)$/.test(value))
    return { kind: "flag", value };
  if (/^messages\.sms\.\w+$/.test(field) && /^(on|off)$/.test(value))
    return { kind: "flag", value };
  if (field === "messages.askCode" && /^(never|refusers|every)$/.test(value))
    return { kind: "askCode", value };
  if (
    field === "price" ||
    field === "received" ||
    field === "week.minimum" ||
    field === "messages.segmentPrice" ||
    /^promotion\.(amount|minGoods|price)$/.test(field) ||
    /^zones\.[^.]+\.(fee|freeFrom)$/.test(field)
  ) {
    const [, amount = "", note] = WITH_NOTE.exec(value) ?? [];
    const lari = /^(\d+)\.(\d{2})$/.exec(amount);
    if (lari)
      return { kind: "money", tetri: Number(lari[1]) * 100 + Number(lari[2]), note: note ?? null };
  }
  if (
    (field === "orders.resumeOn" || field === "delivery.from") &&
    /^\d{4}-\d{2}-\d{2}$/.test(value)
  )
    return { kind: "date", text: formatShopDate(value) };
  if (field === "chats.language" && isLanguageCode(value))
    return { kind: "languageName", text: getLanguage(value).name };
  // A courier who takes parcels or not, a day closed: yes and no.
  if (field === "active" && (value === "active" || value === "inactive"))
    return { kind: "flag", value: value === "active" ? "yes" : "no" };
  if (field === "closed" && value === "closed") return { kind: "flag", value: "yes" };
  if (field === "closed") {
    const [, word, note] = WITH_NOTE.exec(value) ?? [];
    if (word === "closed" && note) return { kind: "closedWithNote", note };
  }
  if (field === "status" && /^(draft|coming_soon|on_sale|sold_out|hidden|archived)$/.test(value)) {
    return { kind: "status", value };
  }
  if (field === "role" && /^(owner|staff)$/.test(value)) return { kind: "role", value };
  if (field === "line" && /^(delicate|firstAid|face)$/.test(value)) return { kind: "line", value };
  if (field === "review.status" && /^(pending|published|rejected)$/.test(value))
    return { kind: "reviewStatus", value };
  if (field === "review.reason" && /^(spam|personalData|abuse|medicalClaims)$/.test(value))
    return { kind: "reason", value };
  if (
    (field === "locked" ||
      field === "invited" ||
      field === "orders.taking" ||
      field === "hidden") &&
    /^(yes|no|on|off)$/.test(value)
  ) {
    return { kind: "flag", value };
  }
  return null;
}
