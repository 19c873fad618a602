import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { products } from "~/catalog/products";
import { getRequestT } from "~/i18n/t.server";
import { shareable } from "~/platform/handle";
import { ProductGrid } from "~/ui/ProductCard";
import { pageMetaTags } from "~/ui/meta";

export const handle = shareable;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getRequestT(request, "catalog");
  const brand = (await getRequestT(request, "common"))("brand.name");
  return {
    meta: { title: `${t("catalog.title")} — ${brand}`, description: t("catalog.subtitle") },
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
