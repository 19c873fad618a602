import { useTranslation } from "react-i18next";
import { Isolated, isolate } from "~/i18n/isolate";
import { formatPrice } from "~/i18n/money";
import type { Deal } from "~/promotions/deal";
import { Price, WasPrice } from "./Price";

/**
 * A product's price with its promotions (D86): a running sale's price after the regular
 * one struck through, with its last day; a quantity price in a line of its own.
 */
export function DealPrice({
  amount,
  deal,
  className,
}: { amount: number; deal: Deal | null; className?: string }) {
  const { t, i18n } = useTranslation();
  const sale = deal?.sale;
  const quantity = deal?.quantity;
  return (
    <>
      {sale ? (
        <>
          <WasPrice amount={amount} /> <Price amount={sale.price} className={className} />
          {sale.until ? (
            <span className="price__until">
              {" "}
              <Isolated text={t("catalog:promo.until", { date: isolate(sale.until) })} />
            </span>
          ) : null}
        </>
      ) : (
        <Price amount={amount} className={className} />
      )}
      {quantity ? (
        <span className="price__quantity">
          <Isolated
            text={t("catalog:promo.quantity", {
              qty: quantity.minQty,
              price: isolate(formatPrice(quantity.price, i18n.language)),
            })}
          />
        </span>
      ) : null}
    </>
  );
}
