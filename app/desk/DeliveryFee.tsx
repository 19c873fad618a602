import { useTranslation } from "react-i18next";
import { Price } from "~/ui/Price";

/** An order's delivery fee as the desk writes it: the amount, or Free when nothing was charged. */
export function DeliveryFee({ fee }: { fee: number }) {
  const { t } = useTranslation("desk");
  return fee > 0 ? <Price amount={fee} /> : <>{t("amounts.free")}</>;
}
