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
