import { useTranslation } from "react-i18next";
import type { standingOn } from "~/promotions/model";
import type { DeskPromotion } from "~/promotions/promotions.server";
import { promotionWords } from "~/promotions/words";
import { type ProductChoice, PromotionForm } from "./PromotionForm";
import { type Answer, anchorOf } from "./answer";

/**
 * A promotion's card: its name, what it is in words, whether it runs today by the shop's
 * clock; for owners its form folded under Edit (open when its save came back refused).
 */
export function PromotionCard({
  item,
  standing,
  products,
  answer,
  revision,
  owner,
}: {
  item: DeskPromotion;
  standing: ReturnType<typeof standingOn>;
  products: ProductChoice[];
  answer: Answer | undefined;
  revision: number;
  owner: boolean;
}) {
  const { t, i18n } = useTranslation("desk");
  const { promotion } = item;
  const productName = (key: string) => products.find((one) => one.key === key)?.title ?? key;
  const words = promotionWords(promotion, {
    t,
    language: i18n.language,
    productName,
    uses: item.uses,
  });
  const mine = answer?.form === String(promotion.id);
  return (
    <>
      <h3 className="desk-card__title" id={anchorOf(String(promotion.id))}>
        <bdi>{promotion.name}</bdi>{" "}
        <span className={`desk-tag desk-promotion--${standing}`}>
          {t(`promotions.standing.${standing}`)}
        </span>
      </h3>
      <p className="desk-promotion__words">{words}</p>
      <p className="desk-hint">{t(`promotions.kinds.${promotion.kind}`)}</p>
      {owner ? (
        <details open={mine || undefined}>
          <summary>{t("promotions.edit")}</summary>
          <PromotionForm
            kind={promotion.kind}
            promotion={promotion}
            used={item.used}
            products={products}
            answer={answer}
            revision={revision}
          />
        </details>
      ) : null}
    </>
  );
}
