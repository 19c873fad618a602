import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type Product, productHref } from "~/catalog/products";
import { Price } from "./Price";

/** A catalogue card: group, picture (a second one on hover), title, short text, price. */
export function ProductCard({
  product,
  headingLevel = 2,
}: { product: Product; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("catalog");
  const [front, open] = product.images;
  const title = t(`products.${product.slug}.title`);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = productHref(product);
  return (
    <article className="product-card">
      <div className="product-card__media">
        <img
          src={front.src}
          width={front.width}
          height={front.height}
          alt={t(`products.${product.slug}.imageAlt.${front.alt}`)}
          loading="lazy"
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

export function ProductGrid({
  products,
  headingLevel,
}: { products: Product[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="product-grid">
      {products.map((product) => (
        <li key={product.key}>
          <ProductCard product={product} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
