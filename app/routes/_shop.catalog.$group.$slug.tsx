import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, data, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CartForm, useCartFetcher, useExpectedQuantity } from "~/cart/CartForm";
import { useCart } from "~/cart/use-cart";
import { findVisibleProduct, relatedProducts } from "~/catalog/model";
import { productData } from "~/catalog/structured-data.server";
import {
  type ProductCardView,
  type ProductView,
  productCardView,
  productView,
} from "~/catalog/view";
import { getLocale } from "~/i18n/i18next.server";
import { shareable } from "~/platform/handle";
import { type ProductReviews as ProductReviewsView, productReviews } from "~/reviews/view";
import { shop } from "~/shop.server";
import { Breadcrumbs } from "~/ui/Breadcrumbs";
import { DealPrice } from "~/ui/DealPrice";
import { Gallery } from "~/ui/Gallery";
import { ProductGrid } from "~/ui/ProductCard";
import { ProductReviews } from "~/ui/ProductReviews";
import { SurveyBars } from "~/ui/SurveyBars";
import { pageMetaTags, pageTitle } from "~/ui/meta";

export const handle = shareable;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const language = await getLocale(request);
  const { catalog } = shop.content();
  const product = findVisibleProduct(catalog, params.group ?? "", params.slug ?? "");
  const t = shop.t(language, "catalog");
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
  // A sale shows by the day (D86): the page cache keys on the day, so it goes at midnight.
  const running = { promotions: shop.content().promotions, today: shop.today() };
  const view = productView(product, language, running);
  const { reviews: published } = shop.content();
  const photo = Number(new URL(request.url).searchParams.get("photo"));
  const reviews = productReviews(published, product.key, language);
  return {
    found: true as const,
    product: view,
    related: relatedProducts(catalog, product).map((other) =>
      productCardView(other, language, running),
    ),
    reviews,
    selectedPhoto:
      Number.isInteger(photo) && photo >= 1 && photo <= view.photos.length ? photo - 1 : 0,
    meta: {
      title: pageTitle(t, view.title),
      description: view.short,
      structuredData: productData(view, shop.origin(request), reviews, t("reviews.verifiedBuyer")),
    },
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
  return <ProductDetails {...loaderData} />;
}

function ProductDetails({
  product,
  related,
  selectedPhoto,
  reviews,
}: {
  product: ProductView;
  related: ProductCardView[];
  selectedPhoto: number;
  reviews: ProductReviewsView;
}) {
  const { t } = useTranslation("catalog");
  const { title } = product;
  // Sold out shows the last price; on sale, the price above Add to cart.
  const price =
    product.price === null ? null : (
      <p className="product__price">
        <span className="visually-hidden">{t("product.price")}: </span>
        <DealPrice amount={product.price} deal={product.deal} />
      </p>
    );
  return (
    <>
      <article className="page product">
        <Breadcrumbs
          crumbs={[
            { label: t("breadcrumbs.home"), href: "/" },
            { label: t("breadcrumbs.catalog"), href: "/catalog" },
            { label: t(`groups.${product.group}.title`), href: `/catalog/${product.group}` },
            { label: title, lang: product.lang.title },
          ]}
        />
        <div className="product__layout">
          <Gallery photos={product.photos} selected={selectedPhoto} />
          <div className="product__summary">
            <h1 {...product.lang.title}>{title}</h1>
            <p className="product__short" {...product.lang.short}>
              {product.short}
            </p>
            {product.soldOut ? (
              <>
                {price}
                <p className="notice">{t("product.soldOutNotice")}</p>
              </>
            ) : product.orderable && price ? (
              <>
                {price}
                <AddToCart productKey={product.key} />
                <p className="product__note">{t("product.cashOnDelivery")}</p>
              </>
            ) : (
              <p className="notice">{t("product.comingSoonNotice")}</p>
            )}
            {product.description.length > 0 ? (
              <div className="product__sections">
                <details open>
                  <summary>{t("product.sections.description")}</summary>
                  {product.description.map((paragraph) => (
                    <p key={paragraph} {...product.lang.description}>
                      {paragraph}
                    </p>
                  ))}
                </details>
                <details>
                  <summary>{t("product.sections.composition")}</summary>
                  <dl className="specs">
                    {product.volumeMl !== null ? (
                      <>
                        <dt>{t("product.specs.volume")}</dt>
                        <dd>{t("product.specs.volumeValue", { volume: product.volumeMl })}</dd>
                      </>
                    ) : null}
                    <dt>{t("product.specs.components")}</dt>
                    <dd {...product.lang.ingredients}>{product.ingredients}</dd>
                  </dl>
                </details>
                {product.advantages.length > 0 ? (
                  <details>
                    <summary>{t("product.sections.advantages")}</summary>
                    <SurveyBars product={product} />
                  </details>
                ) : null}
                <details>
                  <summary>{t("product.sections.usage")}</summary>
                  <ol className="steps" {...product.lang.usage}>
                    {product.usage.map((step) => (
                      <li key={step}>{step}</li>
                    ))}
                  </ol>
                  {product.warnings.length > 0 ? (
                    <>
                      {/* The summaries are not headings: under the h1 this is the next level. */}
                      <h2 className="product__warnings-title">{t("product.warnings")}</h2>
                      <ul className="warnings" {...product.lang.warnings}>
                        {product.warnings.map((warning) => (
                          <li key={warning}>{warning}</li>
                        ))}
                      </ul>
                    </>
                  ) : null}
                </details>
              </div>
            ) : null}
          </div>
        </div>
      </article>
      <ProductReviews reviews={reviews} />
      <section className="page related" aria-labelledby="related-title">
        <h2 id="related-title">{t("product.related")}</h2>
        <ProductGrid products={related} headingLevel={3} />
      </section>
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
