import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Product } from "~/catalog/products";
import { fetchPriority } from "./fetch-priority";

/**
 * The product's pictures with thumbnails. Each thumbnail is a link (`?photo=2`), so it
 * works without JavaScript; with it, the switch happens in place.
 */
export function Gallery({ product, selected }: { product: Product; selected: number }) {
  const { t } = useTranslation("catalog");
  const image = product.images[selected] ?? product.images[0];
  return (
    <section className="gallery" aria-label={t("product.gallery")}>
      <img
        {...fetchPriority("high")}
        className="gallery__main"
        src={image.src}
        width={image.width}
        height={image.height}
        alt={t(`products.${product.slug}.imageAlt.${image.alt}`)}
        decoding="sync"
      />
      <ul className="gallery__thumbs">
        {product.images.map((thumb, index) => (
          <li key={thumb.src}>
            <Link
              to={`?photo=${index + 1}`}
              replace
              preventScrollReset
              className="gallery__thumb"
              aria-current={index === selected ? "true" : undefined}
            >
              <img
                src={thumb.src}
                width={96}
                height={96}
                alt={t("product.showImage", { number: index + 1 })}
                loading="lazy"
                decoding="async"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
