import { formatPrice } from "~/i18n/money";
import type { Promotion } from "./model";
import { dayText } from "./promotion-form";

/** A dictionary's lookup, as the desk's `t` is. */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A promotion in the reader's words, one line (D86): "ZAMTARI: −20 % from 150 ₾,
 * 01.12.26–15.12.26, 3 of 50 used, once per phone"; "Burn cream: 2 or more 90 ₾ each";
 * "Burn cream: 90 ₾ until 15.12.26". The sentence's shape is each language's own.
 */
export function promotionWords(
  promotion: Promotion,
  {
    t,
    language,
    productName,
    uses = 0,
  }: { t: Translate; language: string; productName: (key: string) => string; uses?: number },
): string {
  const money = (tetri: number) => formatPrice(tetri, language);
  const [from, until] = [dayText(promotion.startsOn), dayText(promotion.endsOn)];
  const days =
    from && until
      ? t("desk:promotions.words.between", { from, until })
      : from
        ? t("desk:promotions.words.since", { from })
        : until
          ? t("desk:promotions.words.until", { until })
          : null;
  if (promotion.kind === "quantity")
    return t("desk:promotions.words.quantity", {
      product: productName(promotion.productKey),
      jars: promotion.minQty,
      price: money(promotion.price),
    });
  if (promotion.kind === "sale")
    return t("desk:promotions.words.sale", {
      product: productName(promotion.productKey),
      price: money(promotion.price),
      days: days ?? "",
    });
  const discount =
    promotion.percent !== null
      ? t("desk:promotions.words.percent", { percent: promotion.percent })
      : t("desk:promotions.words.amount", { amount: money(promotion.amount ?? 0) });
  const parts = [
    promotion.minGoods
      ? t("desk:promotions.words.minimum", { discount, amount: money(promotion.minGoods) })
      : discount,
    days,
    promotion.useLimit !== null
      ? t("desk:promotions.words.usesOf", { used: uses, limit: promotion.useLimit })
      : t("desk:promotions.words.uses", { used: uses }),
    promotion.oncePerPhone ? t("desk:promotions.words.oncePerPhone") : null,
    promotion.products.length > 0
      ? t("desk:promotions.words.only", {
          products: promotion.products.map(productName).join(t("desk:promotions.words.separator")),
        })
      : null,
    promotion.combines ? t("desk:promotions.words.combines") : null,
  ];
  return `${promotion.code}: ${parts.filter(Boolean).join(t("desk:promotions.words.separator"))}`;
}
