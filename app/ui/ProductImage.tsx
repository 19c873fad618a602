import type { PhotoView } from "~/catalog/photos";
import { fetchPriority } from "./fetch-priority";

/**
 * A product's photo: an upload as `<picture>` with AVIF and WebP at the widths it was
 * stored at, a shipped drawing as a plain `<img>`. Width and height always, so the page
 * keeps its place while the picture loads.
 */
export function ProductImage({
  photo,
  sizes,
  className,
  loading = "lazy",
  priority,
  decoding = "async",
}: {
  photo: PhotoView;
  /** Which width the picture takes on screen, for the browser to choose a file. */
  sizes: string;
  className?: string;
  loading?: "lazy" | "eager";
  priority?: "high";
  decoding?: "async" | "sync";
}) {
  const image = (
    // biome-ignore lint/a11y/useAltText: alt is set; the spread after it adds only its lang and dir.
    <img
      {...fetchPriority(priority)}
      className={className}
      src={photo.src}
      srcSet={photo.sources?.webp}
      sizes={photo.sources ? sizes : undefined}
      width={photo.width}
      height={photo.height}
      alt={photo.alt}
      {...photo.altLang}
      loading={loading}
      decoding={decoding}
    />
  );
  if (!photo.sources) return image;
  return (
    <picture>
      <source type="image/avif" srcSet={photo.sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={photo.sources.webp} sizes={sizes} />
      {image}
    </picture>
  );
}
