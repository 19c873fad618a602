import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { products } from "~/catalog/products";
import { getLocale } from "~/i18n/i18next.server";
import { shareable } from "~/platform/handle";
import { shop } from "~/platform/shop.server";
import { ProductGrid } from "~/ui/ProductCard";
import { pageMetaTags, pageTitle } from "~/ui/meta";

export const handle = shareable;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = shop.t(await getLocale(request), "catalog");
  return {
    meta: { title: pageTitle(t, t("catalog.title")), description: t("catalog.subtitle") },
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function Catalog() {
  const { t } = useTranslation("catalog");
  return (
    <section className="page">
      <header className="page-header">
        <h1>{t("catalog.title")}</h1>
        <p className="page-header__subtitle">{t("catalog.subtitle")}</p>
      </header>
      <ProductGrid products={[...products]} atTop />
    </section>
  );
}
