import { useTranslation } from "react-i18next";
import { formatPrice } from "~/i18n/money";

/** The one way a price is shown: isolated, so it reads right inside right-to-left text. */
export function Price({ amount, className }: { amount: number; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <bdi className={className ? `price ${className}` : "price"}>
      {formatPrice(amount, i18n.language)}
    </bdi>
  );
}

/** A regular price struck through beside the one charged (D86), "was" said to screen readers. */
export function WasPrice({ amount }: { amount: number }) {
  const { t } = useTranslation();
  return (
    <s className="price--was">
      <span className="visually-hidden">{t("catalog:promo.was")} </span>
      <Price amount={amount} />
    </s>
  );
}
