import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type Product, productHref } from "~/catalog/products";
import { Price } from "./Price";
import { fetchPriority } from "./fetch-priority";

/**
 * A catalogue card: group, picture (a second one on hover), title, short text, price.
 * `first` marks the card a phone shows before any scroll: its picture is the page's
 * largest paint, so it loads at once and ahead of the rest.
 */
export function ProductCard({
  product,
  headingLevel = 2,
  first = false,
}: { product: Product; headingLevel?: 2 | 3; first?: boolean }) {
  const { t } = useTranslation("catalog");
  const [front, open] = product.images;
  const title = t(`products.${product.slug}.title`);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = productHref(product);
  return (
    <article className="product-card">
      <div className="product-card__media">
        <img
          {...fetchPriority(first ? "high" : undefined)}
          src={front.src}
          width={front.width}
          height={front.height}
          alt={t(`products.${product.slug}.imageAlt.${front.alt}`)}
          loading={first ? "eager" : "lazy"}
          decoding="async"
        />
        <img
          className="product-card__hover"
          src={open.src}
          width={open.width}
          height={open.height}
          alt=""
          loading="lazy"
          decoding="async"
        />
      </div>
      <div className="product-card__body">
        <p className="product-card__group">{t(`groups.${product.group}.label`)}</p>
        <Heading className="product-card__title">
          <Link to={href}>{title}</Link>
        </Heading>
        <p className="product-card__short">{t(`products.${product.slug}.short`)}</p>
        <div className="product-card__footer">
          {product.orderable && product.price !== null ? (
            <Price amount={product.price} className="product-card__price" />
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
}: { products: Product[]; headingLevel?: 2 | 3; atTop?: boolean }) {
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
