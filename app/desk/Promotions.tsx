import { useTranslation } from "react-i18next";
import { formatPrice } from "~/i18n/money";
import type { PromotionLine } from "~/orders/amounts";
import { Price } from "~/ui/Price";

/**
 * A promotion that took part in an order, named as the desk names it (D86): "Promo code
 * ZAMTARI (Winter)" for the code, "Two jars (in the prices)" for an automatic price.
 */
export function PromotionName({ line }: { line: Pick<PromotionLine, "name" | "code"> }) {
  const { t } = useTranslation("desk");
  return line.code ? (
    <>
      {t("amounts.codeLine")} <bdi dir="ltr">{line.code}</bdi> (<bdi>{line.name}</bdi>)
    </>
  ) : (
    <>
      <bdi>{line.name}</bdi> {t("amounts.inPrices")}
    </>
  );
}

/** What a promotion took off, as a minus amount, isolated like any price. */
export function Minus({ amount }: { amount: number }) {
  const { i18n } = useTranslation();
  return <bdi className="price">−{formatPrice(amount, i18n.language)}</bdi>;
}

/** A line's unit price as charged, with the regular one struck through where they differ. */
export function UnitPrice({ price, regular }: { price: number; regular: number | null }) {
  const { t } = useTranslation("desk");
  if (regular === null) return null;
  return (
    <span className="desk-muted desk-unit-price">
      {t("amounts.unitPrice")} <Price amount={price} />{" "}
      <s aria-label={t("amounts.regularPrice")}>
        <Price amount={regular} />
      </s>
    </span>
  );
}
