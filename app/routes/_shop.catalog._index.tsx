import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { visibleProducts } from "~/catalog/model";
import { productCardView } from "~/catalog/view";
import { getLocale } from "~/i18n/i18next.server";
import { shareable } from "~/platform/handle";
import { shop } from "~/shop.server";
import { ProductGrid } from "~/ui/ProductCard";
import { pageMetaTags, pageTitle } from "~/ui/meta";

export const handle = shareable;

export async function loader({ request }: LoaderFunctionArgs) {
  const language = await getLocale(request);
  const t = shop.t(language, "catalog");
  // A sale shows by the day (D86): the page cache keys on the day, so it goes at midnight.
  const running = { promotions: shop.content().promotions, today: shop.today() };
  return {
    products: visibleProducts(shop.content().catalog).map((product) =>
      productCardView(product, language, running),
    ),
    meta: { title: pageTitle(t, t("catalog.title")), description: t("catalog.subtitle") },
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function Catalog() {
  const { t } = useTranslation("catalog");
  const { products } = useLoaderData<typeof loader>();
  return (
    <section className="page">
      <header className="page-header">
        <h1>{t("catalog.title")}</h1>
        <p className="page-header__subtitle">{t("catalog.subtitle")}</p>
      </header>
      <ProductGrid products={products} atTop />
    </section>
  );
}
