import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PhotoView } from "~/catalog/photos";
import { ProductImage } from "./ProductImage";

/**
 * The product's pictures with thumbnails. Each thumbnail is a link (`?photo=2`), so it
 * works without JavaScript; with it, the switch happens in place.
 */
export function Gallery({ photos, selected }: { photos: PhotoView[]; selected: number }) {
  const { t } = useTranslation("catalog");
  const photo = photos[selected] ?? photos[0];
  if (!photo) return null;
  return (
    <section className="gallery" aria-label={t("product.gallery")}>
      <ProductImage
        className="gallery__main"
        photo={photo}
        sizes="(min-width: 900px) 50vw, 100vw"
        loading="eager"
        priority="high"
        decoding="sync"
      />
      {photos.length > 1 ? (
        <ul className="gallery__thumbs">
          {photos.map((thumb, index) => (
            <li key={thumb.src}>
              <Link
                to={`?photo=${index + 1}`}
                replace
                preventScrollReset
                className="gallery__thumb"
                aria-current={index === selected ? "true" : undefined}
              >
                <ProductImage
                  photo={{
                    ...thumb,
                    width: 96,
                    height: 96,
                    // Named in the shop's words, not the photo's: the page's language.
                    alt: t("product.showImage", { number: index + 1 }),
                    altLang: undefined,
                  }}
                  sizes="96px"
                />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
