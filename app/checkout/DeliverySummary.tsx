import { useTranslation } from "react-i18next";
import type { DeliveryOffer } from "~/delivery/days";
import { Isolated } from "~/i18n/isolate";
import { Price } from "~/ui/Price";
import { offeredZone } from "./offered";

/**
 * The order summary's money (D84): the goods, the delivery to the chosen area (its fee, or
 * free), and the total the courier collects; before an area is chosen, a word asking for
 * it. A shop with its one free zone shows the total alone, as it always did. Below the
 * minimum order, how much is missing.
 */
export function DeliverySummary({
  offer,
  area,
  goods,
  discount,
  due,
  minimumNote,
}: {
  offer: DeliveryOffer;
  area: string;
  goods: number;
  /** The promo code's discount under its name, and the goods after it (D86), from the server. */
  discount: { name: string; amount: number } | null;
  due: number;
  /** How much is missing below the minimum order, in words the server made; null: none. */
  minimumNote: string | null;
}) {
  const { t } = useTranslation("checkout");
  const zone = offeredZone(offer, area || null);
  // What the server worked out for this cart (the page's goods are the loader's).
  const fee = zone ? zone.charge : null;
  const plain = offer.zones.length === 1 && fee === 0;
  return (
    <>
      {plain ? null : (
        <dl className="order-summary__money" aria-live="polite">
          <div>
            <dt>{t("checkout:amounts.goodsLabel")}</dt>
            <dd>
              <Price amount={goods} />
            </dd>
          </div>
          <div>
            <dt>{zone ? t("checkout:summary.delivery", { area: zone.name }) : t("fields.area")}</dt>
            <dd>
              {fee === null ? (
                t("checkout:summary.chooseArea")
              ) : fee === 0 ? (
                t("checkout:summary.free")
              ) : (
                <Price amount={fee} />
              )}
            </dd>
          </div>
        </dl>
      )}
      {discount ? (
        <p className="order-summary__discount">
          <span>{discount.name}</span> <Price amount={-discount.amount} />
        </p>
      ) : null}
      <p className="order-summary__total">
        <span>{t("checkout:summary.total")}</span> <Price amount={due + (fee ?? 0)} />
      </p>
      {minimumNote ? (
        <p className="order-summary__minimum">
          <Isolated text={minimumNote} />
        </p>
      ) : null}
    </>
  );
}
