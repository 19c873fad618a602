import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isGroup, visibleProducts } from "~/catalog/model";
import { productCardView } from "~/catalog/view";
import { getLocale } from "~/i18n/i18next.server";
import { shareable } from "~/platform/handle";
import { shop } from "~/shop.server";
import { Breadcrumbs } from "~/ui/Breadcrumbs";
import { ProductGrid } from "~/ui/ProductCard";
import { pageMetaTags, pageTitle } from "~/ui/meta";

export const handle = shareable;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const group = params.group;
  if (!isGroup(group)) throw new Response(null, { status: 404 });
  const language = await getLocale(request);
  const t = shop.t(language, "catalog");
  // A sale shows by the day (D86): the page cache keys on the day, so it goes at midnight.
  const running = { promotions: shop.content().promotions, today: shop.today() };
  return {
    group,
    products: visibleProducts(shop.content().catalog, group).map((product) =>
      productCardView(product, language, running),
    ),
    meta: {
      title: pageTitle(t, t(`groups.${group}.title`)),
      description: t(`groups.${group}.subtitle`),
    },
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function CatalogGroup() {
  const { group, products } = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalog");
  const title = t(`groups.${group}.title`);
  return (
    <section className="page">
      <Breadcrumbs
        crumbs={[
          { label: t("breadcrumbs.home"), href: "/" },
          { label: t("breadcrumbs.catalog"), href: "/catalog" },
          { label: title },
        ]}
      />
      <header className="page-header">
        <h1>{title}</h1>
        <p className="page-header__subtitle">{t(`groups.${group}.subtitle`)}</p>
      </header>
      {products.length > 0 ? (
        <ProductGrid products={products} atTop />
      ) : (
        <div className="empty-state">
          <p>{t("emptyGroup.message")}</p>
          <Link to="/catalog" className="button">
            {t("emptyGroup.back")}
          </Link>
        </div>
      )}
    </section>
  );
}
