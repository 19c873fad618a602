import { useTranslation } from "react-i18next";
import { Price } from "~/ui/Price";
import { DeliveryFee } from "./DeliveryFee";
import { Minus, PromotionName } from "./Promotions";
import type { SlipView } from "./slip.server";

/** One packing slip: who, where, what, and the cash to collect; a printed page of its own. */
export function Slip({
  slip,
  sender,
  headingLevel = 1,
}: {
  slip: SlipView;
  /** The shop's phone, printed with its name as the parcel's sender. */
  sender: string;
  headingLevel?: 1 | 2;
}) {
  const { t } = useTranslation(["desk", "common"]);
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <article className="desk-slip">
      <Heading>{t("slip.title", { number: slip.number })}</Heading>
      <dl className="desk-details">
        <div>
          <dt>{t("slip.from")}</dt>
          <dd>
            {t("common:brand.name")}
            {sender ? (
              <>
                {" · "}
                <bdi dir="ltr">{sender}</bdi>
              </>
            ) : null}
          </dd>
        </div>
        {slip.name ? (
          <div>
            <dt>{t("order.name")}</dt>
            <dd>
              <bdi>{slip.name}</bdi>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t("order.address")}</dt>
          <dd className="desk-address">
            <bdi>{slip.address}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t("order.phone")}</dt>
          <dd>
            <bdi dir="ltr">{slip.phone}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t("order.deliveryDate")}</dt>
          <dd>
            <bdi>{slip.deliveryDate}</bdi>
          </dd>
        </div>
        {slip.delivery?.area ? (
          <div>
            <dt>{t("amounts.deliveryArea")}</dt>
            <dd>
              <bdi>{slip.delivery.area}</bdi>
            </dd>
          </div>
        ) : null}
        {slip.courier ? (
          <div>
            <dt>{t("order.courier")}</dt>
            <dd>
              <bdi>{slip.courier}</bdi>
            </dd>
          </div>
        ) : null}
        {slip.pinnedNote ? (
          <div>
            <dt>{t("order.pinned")}</dt>
            <dd>
              <bdi>{slip.pinnedNote}</bdi>
            </dd>
          </div>
        ) : null}
      </dl>
      <table className="desk-items">
        <thead>
          <tr>
            <th scope="col">{t("order.product")}</th>
            <th scope="col">{t("order.qty")}</th>
          </tr>
        </thead>
        <tbody>
          {slip.items.map((item) => (
            <tr key={item.key}>
              <td>{item.title}</td>
              <td>{item.qty}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {slip.delivery || slip.promotions.length > 0 ? (
        <p className="desk-slip__delivery">
          {t("amounts.goods")} <Price amount={slip.amounts.goods} />
          {slip.promotions.map((line) => (
            <span key={line.code ?? line.name} className="desk-slip__promotion">
              {" · "}
              <PromotionName line={line} /> <Minus amount={line.amount} />
            </span>
          ))}
          {slip.delivery ? (
            <>
              {" · "}
              {t("amounts.deliveryFee")} <DeliveryFee fee={slip.delivery.delivery} />
            </>
          ) : null}
        </p>
      ) : null}
      <p className="desk-slip__total">
        {t("order.totalToCollect")} <Price amount={slip.total} />
      </p>
    </article>
  );
}
