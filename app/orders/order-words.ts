import { type Catalog, findProduct } from "~/catalog/model";
import { titleOf } from "~/catalog/texts";
import { type DeliveryZone, zoneName } from "~/delivery/zones";
import { type LanguageCode, getLanguage, isLanguageCode } from "~/i18n/languages";
import { formatPrice } from "~/i18n/money";
import type { NameDelivery, NameLine } from "./event-note";

/**
 * An order item's name in the reader's language: the catalogue's title of the product
 * its key names. The title stored with the order (in the chats' language at checkout)
 * names a product the catalogue no longer has, or has no title for in that language.
 */
export function itemTitle(
  item: { item_key: string; title: string },
  catalog: Catalog,
  language: LanguageCode,
): string {
  return titleOf(findProduct(catalog, item.item_key), language) ?? item.title;
}

/** A note's lines (a correction's before and after) named as `itemTitle` names an item. */
export function lineTitle(catalog: Catalog, language: LanguageCode): NameLine {
  return (line) => itemTitle({ item_key: line.key, title: line.title }, catalog, language);
}

/**
 * A note's delivery as the desk's reader writes it: the area as the shop names its zone now
 * in their language (else as the order named it), and the fee, or Free (`desk` namespace).
 */
export function deliveryTitle(
  zones: ReadonlyArray<Pick<DeliveryZone, "id" | "names">>,
  language: LanguageCode,
  t: (key: string) => string,
): NameDelivery {
  return (delivery) => {
    const zone = zones.find((one) => one.id === delivery.zone);
    const area = (zone ? zoneName(zone, language) : null) || delivery.area || "—";
    return `${area}, ${delivery.fee > 0 ? formatPrice(delivery.fee, language) : t("amounts.free")}`;
  };
}

/** The language an order was placed in, named as the language switcher names it. */
export interface OrderLanguage {
  /** The language's own name ("ქართული"), or the stored code when the shop has no such language. */
  name: string;
  /** Its BCP 47 tag, for the `lang` of the name; null for an unknown code. */
  lang: string | null;
}

export function orderLanguage(code: string): OrderLanguage {
  if (!isLanguageCode(code)) return { name: code, lang: null };
  const language = getLanguage(code);
  return { name: language.name, lang: language.htmlLang };
}

/**
 * Who did something, as the desk's reader says it: the shop itself and the shopper (on the
 * order's page, or in Telegram) in the reader's language, a person by their name.
 */
export function actorLabel(actor: string, t: (key: string) => string): string {
  switch (actor) {
    case "system":
      return t("order.systemActor");
    case "shopper":
      return t("order.shopperActor");
    case "shopper (Telegram)":
      return t("order.shopperTelegramActor");
    default:
      return actor;
  }
}
