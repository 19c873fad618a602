import { type TextField, textFields } from "~/catalog/model";
import { getLanguage, isLanguageCode } from "~/i18n/languages";

/**
 * What the activity trail's stored field names mean to a reader: a `desk` dictionary key
 * for the label, and for a product's texts the language they are in. Field names the
 * shop no longer writes are shown as stored.
 */
export interface FieldWords {
  /** `activity.fields.*` key, or null to show the stored name. */
  key: string | null;
  /** The language of a text field, named in its own words. */
  language: string | null;
}

const FIELDS = new Set([
  "created",
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
]);

export function fieldWords(field: string): FieldWords {
  const text = /^texts\.([a-z]{2})\.(\w+)$/.exec(field);
  if (text) {
    const [, language, name] = text;
    if (isLanguageCode(language) && (textFields as readonly string[]).includes(name ?? "")) {
      return {
        key: `productTexts.fields.${name as TextField}`,
        language: getLanguage(language).name,
      };
    }
  }
  return FIELDS.has(field)
    ? { key: `activity.fields.${field}`, language: null }
    : { key: null, language: null };
}

/** A stored value the dictionary words (a status, a role, yes/no), or null to show it as is. */
export function valueKey(field: string, value: string): string | null {
  if (field === "status" && /^[a-z_]+$/.test(value)) return `products.statuses.${value}`;
  if (field === "role" && (value === "owner" || value === "staff")) return `people.roles.${value}`;
  if (field === "line" && /^(delicate|firstAid|face)$/.test(value))
    return `products.lines.${value}`;
  if ((field === "locked" || field === "orders.taking") && /^(yes|no|on|off)$/.test(value)) {
    return `activity.values.${value}`;
  }
  return null;
}
