import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { textChangeTimes } from "~/catalog/text-changes.server";
import { productTitle, textStates } from "~/catalog/texts";
import { loadCatalog } from "~/content/store.server";
import { getLocale } from "~/i18n/i18next.server";
import { getLanguage, languageCodes } from "~/i18n/languages";
import { shop } from "~/shop.server";
import { Price } from "~/ui/Price";
import { pageMetaTags, pageTitle } from "~/ui/meta";

/**
 * Every product with its status, price, stock and which languages want work (D32, D36);
 * the archived ones set aside on a list of their own (`?archived=1`).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await shop.desk.requireOwner(request);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const times = await textChangeTimes(shop.db);
  const archived = new URL(request.url).searchParams.get("archived") === "1";
  // As stored now: orders take stock without a new revision.
  const { products } = await loadCatalog(shop.db);
  const isArchived = (product: { status: string }) => product.status === "archived";
  return {
    meta: { title: pageTitle(t, t("products.title"), { brand: false }), noindex: true },
    archived,
    archivedCount: products.filter(isArchived).length,
    products: products
      .filter((product) => isArchived(product) === archived)
      .map((product) => {
        const states = textStates(product, times.get(product.key));
        return {
          key: product.key,
          href: `/desk/products/${product.key}`,
          title: productTitle(product, language),
          status: product.status,
          price: product.price,
          stock: product.stock,
          languages: languageCodes.map((code) => ({
            code,
            name: getLanguage(code).name,
            // Nothing missing a sale would show, nothing older than the Russian.
            state:
              states[code].missing.length > 0
                ? ("missing" as const)
                : states[code].outdated.length > 0
                  ? ("outdated" as const)
                  : ("complete" as const),
          })),
        };
      }),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

/** A language's mark in a product's row; its words are beside it for a screen reader. */
const SIGNS = { complete: "✓", missing: "…", outdated: "↻" } as const;

export default function DeskProducts() {
  const { products, archived, archivedCount } = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  return (
    <section className="desk-page">
      <h1>{archived ? t("products.removal.archivedTitle") : t("products.title")}</h1>
      {archived ? (
        <p>
          <Link to="/desk/products">{t("products.back")}</Link>
        </p>
      ) : (
        <p>
          <Link to="/desk/products/new" className="desk-button">
            {t("products.new")}
          </Link>
        </p>
      )}
      {products.length === 0 ? <p className="desk-hint">{t("products.removal.none")}</p> : null}
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
                  className={language.state === "complete" ? "is-complete" : undefined}
                  title={language.name}
                >
                  {language.code}{" "}
                  <span className={language.state === "complete" ? "desk-ok" : "desk-hint"}>
                    {SIGNS[language.state]}
                    <span className="visually-hidden">
                      {" "}
                      {language.name}:{" "}
                      {language.state === "complete"
                        ? t("products.complete")
                        : t(`products.textStates.${language.state}`)}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {!archived && archivedCount > 0 ? (
        <p>
          <Link to="/desk/products?archived=1">
            {t("products.removal.archivedLink", { count: archivedCount })}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
