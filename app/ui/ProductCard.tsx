import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ProductCardView } from "~/catalog/view";
import { DealPrice } from "./DealPrice";
import { ProductImage } from "./ProductImage";

/**
 * A catalogue card: group, picture (a second one on hover), title, short text, price.
 * `first` marks the card a phone shows before any scroll: its picture is the page's
 * largest paint, so it loads at once and ahead of the rest.
 */
export function ProductCard({
  product,
  headingLevel = 2,
  first = false,
}: { product: ProductCardView; headingLevel?: 2 | 3; first?: boolean }) {
  const { t } = useTranslation("catalog");
  const [front, second] = product.photos;
  const { title, href } = product;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const sizes = "(min-width: 720px) 33vw, 100vw";
  return (
    <article className="product-card">
      <div className="product-card__media">
        {front ? (
          <ProductImage
            photo={front}
            sizes={sizes}
            loading={first ? "eager" : "lazy"}
            priority={first ? "high" : undefined}
          />
        ) : null}
        {second ? (
          <ProductImage
            className="product-card__hover"
            photo={{ ...second, alt: "" }}
            sizes={sizes}
          />
        ) : null}
      </div>
      <div className="product-card__body">
        <p className="product-card__group">{t(`groups.${product.group}.label`)}</p>
        <Heading className="product-card__title">
          <Link to={href} {...product.lang.title}>
            {title}
          </Link>
        </Heading>
        <p className="product-card__short" {...product.lang.short}>
          {product.short}
        </p>
        <div className="product-card__footer">
          {product.soldOut ? (
            <span className="badge">{t("card.soldOut")}</span>
          ) : product.orderable && product.price !== null ? (
            <span className="product-card__prices">
              <DealPrice
                amount={product.price}
                deal={product.deal}
                className="product-card__price"
              />
            </span>
          ) : (
            <span className="badge">{t("card.comingSoon")}</span>
          )}
          <Link to={href} className="button button--small" aria-hidden="true" tabIndex={-1}>
            {t("card.open")}
          </Link>
        </div>
      </div>
    </article>
  );
}

/** Cards in a grid; `atTop` when the grid opens the page, so its first picture is eager. */
export function ProductGrid({
  products,
  headingLevel,
  atTop = false,
}: { products: ProductCardView[]; headingLevel?: 2 | 3; atTop?: boolean }) {
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={product.key}>
          <ProductCard product={product} headingLevel={headingLevel} first={atTop && index === 0} />
        </li>
      ))}
    </ul>
  );
}
