import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { productTitle } from "~/catalog/texts";
import { CardList } from "~/desk/CardList";
import { pageRevision } from "~/desk/revision.server";
import { getLocale } from "~/i18n/i18next.server";
import { readForm } from "~/platform/http.server";
import { standingOn } from "~/promotions/model";
import { KINDS } from "~/promotions/promotion-form";
import { readDeskPromotions } from "~/promotions/promotions.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { PromotionCard } from "./PromotionCard";
import { PromotionForm } from "./PromotionForm";
import { savePromotionsForm } from "./actions.server";
import { anchorOf } from "./answer";

/**
 * Promotions (D86): codes, quantity prices and sale prices, each a card saying what it is
 * and whether it runs today in Tbilisi. Owners add and edit them; staff read them, with
 * no form at all.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await shop.desk.requireStaff(request);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  // The revision first, then the values as stored now: a change between is named.
  const revision = await pageRevision(shop);
  const list = await readDeskPromotions(shop.db);
  const today = shop.today();
  return {
    meta: { title: pageTitle(t, t("promotions.title"), { brand: false }), noindex: true },
    owner: session.staff.role === "owner",
    revision,
    promotions: list.map((item) => ({ item, standing: standingOn(item.promotion, today) })),
    products: shop.content().catalog.products.map((product) => ({
      key: product.key,
      title: productTitle(product, language),
    })),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request }: ActionFunctionArgs) {
  const session = await shop.desk.requireOwner(request, { page: false });
  return savePromotionsForm(shop, session, request, await readForm(request));
}

export default function DeskPromotions() {
  const { owner, revision, promotions, products } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("desk");
  return (
    <section className="desk-page">
      <h1>{t("promotions.title")}</h1>
      <p className="desk-hint">{t(owner ? "promotions.intro" : "promotions.readOnly")}</p>
      <CardList
        items={promotions}
        empty={t("promotions.none")}
        keyOf={({ item }) => item.promotion.id}
      >
        {({ item, standing }) => (
          <PromotionCard
            item={item}
            standing={standing}
            products={products}
            answer={answer}
            revision={revision}
            owner={owner}
          />
        )}
      </CardList>
      {owner
        ? KINDS.map((kind) => (
            // Keyed by the revision: once a save lands, the form comes back empty and folded.
            <details
              key={`${kind}-${revision}`}
              className="desk-card"
              open={answer?.form === `new-${kind}` || undefined}
            >
              <summary id={anchorOf(`new-${kind}`)}>{t(`promotions.add.${kind}`)}</summary>
              <PromotionForm
                kind={kind}
                promotion={null}
                used={false}
                products={products}
                answer={answer}
                revision={revision}
              />
            </details>
          ))
        : null}
    </section>
  );
}
