import type { ProductView } from "~/catalog/view";
import { TETRI_PER_LARI } from "~/i18n/money";
import type { ProductReviews } from "~/reviews/view";
import { contactLinksOf } from "~/settings/contacts";
import type { Contacts } from "~/settings/model";

// schema.org's JSON-LD for search engines, built by the loaders and written into the head
// by Remix's <Meta> (ui/meta.ts): none of this is in a shopper's download (issue 27).

/**
 * The shop as search engines read it: its name, address and the contacts the owner set
 * (`/desk/settings`); a hidden contact is left out.
 */
export function organizationData(origin: string, name: string, contacts: Contacts) {
  const links = contactLinksOf(contacts);
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name,
    url: `${origin}/`,
    email: contacts.email || undefined,
    telephone: contacts.phone || contacts.whatsapp || undefined,
    sameAs: [links.telegram, links.whatsapp].filter((link): link is string => link !== null),
  };
}

/** The rating and reviews: only from published reviews; none at all while there are none (D34). */
function reviewData(reviews: ProductReviews, verifiedBuyer: string) {
  if (reviews.summary.count === 0 || reviews.summary.average === null) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: reviews.summary.average,
      reviewCount: reviews.summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.reviews.slice(0, 10).map((review) => ({
      "@type": "Review",
      author: { "@type": "Person", name: review.author ?? verifiedBuyer },
      datePublished: review.date,
      inLanguage: review.lang,
      reviewBody: review.body || undefined,
      reviewRating: {
        "@type": "Rating",
        ratingValue: review.rating,
        bestRating: 5,
        worstRating: 1,
      },
    })),
  };
}

export function productData(
  product: ProductView,
  origin: string,
  reviews: ProductReviews,
  verifiedBuyer: string,
) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: product.short,
    sku: product.key,
    brand: { "@type": "Brand", name: "Kolkhida" },
    image: product.photos.map((photo) => `${origin}${photo.src}`),
    offers: {
      "@type": "Offer",
      url: `${origin}${product.href}`,
      priceCurrency: "GEL",
      // A running sale is the price offered, until its last day (D86).
      ...offerPrice(product),
      availability: product.orderable
        ? "https://schema.org/InStock"
        : product.soldOut
          ? "https://schema.org/OutOfStock"
          : "https://schema.org/PreOrder",
    },
    ...reviewData(reviews, verifiedBuyer),
  };
}

function offerPrice(product: ProductView) {
  const sale = product.deal?.sale;
  if (sale)
    return {
      price: (sale.price / TETRI_PER_LARI).toFixed(2),
      ...(sale.endsOn ? { priceValidUntil: sale.endsOn } : {}),
    };
  return {
    price: product.price === null ? undefined : (product.price / TETRI_PER_LARI).toFixed(2),
  };
}
