import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, data, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CartForm, useCartFetcher, useExpectedQuantity } from "~/cart/CartForm";
import { useCart } from "~/cart/use-cart";
import { type Product, getProduct, productHref, relatedProducts } from "~/catalog/products";
import { getLocale } from "~/i18n/i18next.server";
import { TETRI_PER_LARI } from "~/i18n/money";
import { shareable } from "~/platform/handle";
import { shop } from "~/platform/shop.server";
import type { loader as rootLoader } from "~/root";
import { Breadcrumbs } from "~/ui/Breadcrumbs";
import { Gallery } from "~/ui/Gallery";
import { Price } from "~/ui/Price";
import { ProductGrid } from "~/ui/ProductCard";
import { SurveyBars } from "~/ui/SurveyBars";
import { pageMetaTags, pageTitle } from "~/ui/meta";

function structuredData(product: Product, origin: string, name: string, description: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name,
    description,
    sku: product.key,
    brand: { "@type": "Brand", name: "Kolkhida" },
    image: product.images.map((image) => `${origin}${image.src}`),
    offers: {
      "@type": "Offer",
      url: `${origin}${productHref(product)}`,
      priceCurrency: "GEL",
      price: product.price === null ? undefined : (product.price / TETRI_PER_LARI).toFixed(2),
      availability: product.orderable
        ? "https://schema.org/InStock"
        : "https://schema.org/PreOrder",
    },
  };
}

export const handle = shareable;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const product = getProduct(params.group ?? "", params.slug ?? "");
  const t = shop.t(await getLocale(request), "catalog");
  if (!product) {
    return data(
      {
        found: false as const,
        meta: {
          title: pageTitle(t, t("productNotFound.title")),
          description: t("productNotFound.hint"),
          noindex: true,
        },
      },
      { status: 404 },
    );
  }
  const name = t(`products.${product.slug}.title`);
  const description = t(`products.${product.slug}.short`);
  const photo = Number(new URL(request.url).searchParams.get("photo"));
  // The structured data is not sent as data: the page builds it from the catalogue, its
  // texts and the root's origin, the same on the server and in the browser.
  return {
    found: true as const,
    key: product.key,
    selectedPhoto:
      Number.isInteger(photo) && photo >= 1 && photo <= product.images.length ? photo - 1 : 0,
    meta: { title: pageTitle(t, name), description },
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

function ProductNotFound() {
  const { t } = useTranslation("catalog");
  return (
    <section className="page page--narrow not-found">
      <h1>{t("productNotFound.title")}</h1>
      <p>{t("productNotFound.hint")}</p>
      <Link to="/catalog" className="button">
        {t("productNotFound.back")}
      </Link>
    </section>
  );
}

export default function ProductPage() {
  const loaderData = useLoaderData<typeof loader>();
  if (!loaderData.found) return <ProductNotFound />;
  return <ProductDetails productKey={loaderData.key} selectedPhoto={loaderData.selectedPhoto} />;
}

function ProductDetails({
  productKey,
  selectedPhoto,
}: {
  productKey: string;
  selectedPhoto: number;
}) {
  const { t } = useTranslation("catalog");
  const origin = useRouteLoaderData<typeof rootLoader>("root")?.origin ?? "";
  const [group = "", slug = ""] = productKey.split("/");
  const product = getProduct(group, slug);
  if (!product) return <ProductNotFound />;
  const text = (key: string) => t(`products.${product.slug}.${key}`);
  const title = text("title");
  const jsonLd = JSON.stringify(structuredData(product, origin, title, text("short")));
  return (
    <>
      <article className="page product">
        <Breadcrumbs
          crumbs={[
            { label: t("breadcrumbs.home"), href: "/" },
            { label: t("breadcrumbs.catalog"), href: "/catalog" },
            { label: t(`groups.${product.group}.title`), href: `/catalog/${product.group}` },
            { label: title },
          ]}
        />
        <div className="product__layout">
          <Gallery product={product} selected={selectedPhoto} />
          <div className="product__summary">
            <h1>{title}</h1>
            <p className="product__short">{text("short")}</p>
            {product.orderable && product.price !== null ? (
              <>
                <p className="product__price">
                  <span className="visually-hidden">{t("product.price")}: </span>
                  <Price amount={product.price} />
                </p>
                <AddToCart productKey={product.key} />
                <p className="product__note">{t("product.cashOnDelivery")}</p>
              </>
            ) : (
              <p className="notice">{t("product.comingSoonNotice")}</p>
            )}
            {product.paragraphs.length > 0 ? (
              <div className="product__sections">
                <details open>
                  <summary>{t("product.sections.description")}</summary>
                  {product.paragraphs.map((paragraph) => (
                    <p key={paragraph}>{text(`description.${paragraph}`)}</p>
                  ))}
                </details>
                <details>
                  <summary>{t("product.sections.composition")}</summary>
                  <dl className="specs">
                    <dt>{t("product.specs.volume")}</dt>
                    <dd>{t("product.specs.volumeValue", { volume: product.volumeMl })}</dd>
                    <dt>{t("product.specs.components")}</dt>
                    <dd>{text("components")}</dd>
                  </dl>
                </details>
                <details>
                  <summary>{t("product.sections.advantages")}</summary>
                  <SurveyBars product={product} />
                </details>
                <details>
                  <summary>{t("product.sections.usage")}</summary>
                  <ol className="steps">
                    {product.usage.map((step) => (
                      <li key={step}>{text(`usage.${step}`)}</li>
                    ))}
                  </ol>
                  {/* The summaries are not headings: under the h1 this is the next level. */}
                  <h2 className="product__warnings-title">{t("product.warnings")}</h2>
                  <ul className="warnings">
                    {product.warnings.map((warning) => (
                      <li key={warning}>{text(`warnings.${warning}`)}</li>
                    ))}
                  </ul>
                </details>
              </div>
            ) : null}
          </div>
        </div>
      </article>
      <section className="page related" aria-labelledby="related-title">
        <h2 id="related-title">{t("product.related")}</h2>
        <ProductGrid products={relatedProducts(product)} headingLevel={3} />
      </section>
      <script
        type="application/ld+json"
        // JSON-LD is data, not script; "<" is escaped so no text can close the tag.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped structured data.
        dangerouslySetInnerHTML={{ __html: jsonLd.replace(/</g, "\\u003c") }}
      />
    </>
  );
}

/** Adds one to the cart: a plain form post, or in place with a toast when scripts run. */
function AddToCart({ productKey }: { productKey: string }) {
  const { t } = useTranslation("catalog");
  const fetcher = useCartFetcher(`add:${productKey}`);
  const inCart = useCart().find((line) => line.key === productKey)?.qty ?? 0;
  const stepBy = useExpectedQuantity(inCart);
  return (
    <CartForm
      fetcher={fetcher}
      intent="add"
      productKey={productKey}
      expected={inCart}
      onSubmit={stepBy(1)}
      className="product__buy"
    >
      <button type="submit" className="button button--large">
        {t("product.addToCart")}
      </button>
    </CartForm>
  );
}
