import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { missingTexts, neededTexts } from "~/catalog/model";
import { loadCatalog } from "~/content/store.server";
import { getLocale } from "~/i18n/i18next.server";
import { getLanguage, languageCodes } from "~/i18n/languages";
import { shop } from "~/shop.server";
import { Price } from "~/ui/Price";
import { pageMetaTags, pageTitle } from "~/ui/meta";

/** Every product with its status, price, stock and which languages are complete (D32). */
export async function loader({ request }: LoaderFunctionArgs) {
  await shop.desk.requireOwner(request);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  return {
    meta: { title: pageTitle(t, t("products.title"), { brand: false }), noindex: true },
    // As stored now: orders take stock without a new revision.
    products: (await loadCatalog(shop.db)).products.map((product) => ({
      key: product.key,
      href: `/desk/products/${product.key}`,
      title: product.texts[language]?.title || product.key,
      status: product.status,
      price: product.price,
      stock: product.stock,
      languages: languageCodes.map((code) => ({
        code,
        name: getLanguage(code).name,
        // Complete: what a product on sale needs in this language.
        complete: missingTexts(product.texts[code], neededTexts("on_sale")).length === 0,
      })),
    })),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function DeskProducts() {
  const { products } = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  return (
    <section className="desk-page">
      <h1>{t("products.title")}</h1>
      <p>
        <Link to="/desk/products/new" className="desk-button">
          {t("products.new")}
        </Link>
      </p>
      <ul className="desk-cards">
        {products.map((product) => (
          <li key={product.key} className="desk-card">
            <h2>
              <Link to={product.href}>{product.title}</Link>
            </h2>
            <p>
              <bdi dir="ltr">{product.key}</bdi>
              {" · "}
              {t(`products.statuses.${product.status}`)}
              {" · "}
              {product.price === null ? t("products.noPrice") : <Price amount={product.price} />}
              {" · "}
              {product.stock === null
                ? t("products.stockNotCounted")
                : t("products.inStock", { count: product.stock })}
            </p>
            <ul className="desk-languages" aria-label={t("products.languages")}>
              {product.languages.map((language) => (
                <li
                  key={language.code}
                  className={language.complete ? "is-complete" : undefined}
                  title={language.name}
                >
                  {language.code}{" "}
                  <span className={language.complete ? "desk-ok" : "desk-hint"}>
                    {language.complete ? "✓" : "…"}
                    <span className="visually-hidden">
                      {" "}
                      {language.name}:{" "}
                      {t(language.complete ? "products.complete" : "products.incomplete")}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
