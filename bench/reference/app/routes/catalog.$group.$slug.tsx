import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { type Review, product } from "../product";

export async function loader({ params }: LoaderFunctionArgs) {
  if (params.group !== product.group || params.slug !== product.slug) {
    throw new Response("Not found", { status: 404 });
  }
  return product;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Not found"} — Reference Herbs` },
  { name: "description", content: data?.short ?? "" },
];

function Price({ cents, currency }: { cents: number; currency: string }) {
  const text = new Intl.NumberFormat("en", { style: "currency", currency }).format(cents / 100);
  return <bdi className="price">{text}</bdi>;
}

function ReviewItem({ review }: { review: Review }) {
  return (
    <li>
      <article className="review">
        <header>
          <p className="review__author">
            {review.author}, {review.city}
          </p>
          <p className="review__rating" aria-label={`Rated ${review.rating} out of 5`}>
            {"★".repeat(review.rating)}
            {"☆".repeat(5 - review.rating)}
          </p>
          <time dateTime={review.date}>{review.date}</time>
        </header>
        <p>{review.text}</p>
      </article>
    </li>
  );
}

export default function ProductPage() {
  const data = useLoaderData<typeof loader>();
  const [mainImage] = data.images;
  return (
    <>
      <article className="page product">
        <nav aria-label="You are here" className="breadcrumbs">
          <ol>
            <li>
              <a href="/">Home</a>
            </li>
            <li>
              <a href="/catalog">Catalogue</a>
            </li>
            <li>
              <a href={`/catalog/${data.group}`}>Body care</a>
            </li>
            <li>
              <span aria-current="page">{data.title}</span>
            </li>
          </ol>
        </nav>
        <section className="gallery" aria-label="Product photos">
          {mainImage ? (
            <img src={mainImage.src} width={800} height={800} alt={mainImage.alt} />
          ) : null}
          <ul className="gallery__thumbs">
            {data.images.map((image, index) => (
              <li key={image.src}>
                <a href={`?photo=${index + 1}`}>
                  <img
                    src={image.src}
                    width={96}
                    height={96}
                    alt={`View ${index + 1}`}
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        </section>
        <div className="product__summary">
          <h1>{data.title}</h1>
          <p className="product__short">{data.short}</p>
          <p className="product__price">
            <Price cents={data.priceCents} currency={data.currency} />
          </p>
          <form method="post" action="/cart" className="product__buy">
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="key" value={`${data.group}/${data.slug}`} />
            <button type="submit" className="button">
              Add to cart
            </button>
          </form>
          <p className="product__note">Cash on delivery</p>
          <details open>
            <summary>Description</summary>
            {data.description.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </details>
          <details>
            <summary>Ingredients</summary>
            <p>Volume: {data.volume}</p>
            <ul className="ingredients">
              {data.ingredients.map((ingredient) => (
                <li key={ingredient.name}>
                  <strong>{ingredient.name}</strong>: {ingredient.why}{" "}
                  <small>({ingredient.origin})</small>
                </li>
              ))}
            </ul>
          </details>
          <details>
            <summary>How to use</summary>
            <ol className="steps">
              {data.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <h2>Warnings</h2>
            <ul className="warnings">
              {data.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          </details>
          <details>
            <summary>Delivery and payment</summary>
            {data.delivery.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </details>
        </div>
      </article>
      <section className="page reviews" id="reviews" aria-labelledby="reviews-title">
        <h2 id="reviews-title">What customers say</h2>
        <ul>
          {data.reviews.map((review) => (
            <ReviewItem key={`${review.author}-${review.date}`} review={review} />
          ))}
        </ul>
      </section>
      <section className="page related" aria-labelledby="related-title">
        <h2 id="related-title">You may also like</h2>
        <ul className="product-grid">
          {data.related.map((item) => (
            <li key={item.href}>
              <article className="product-card">
                <img src={item.image} width={800} height={800} alt="" loading="lazy" />
                <h3>
                  <a href={item.href}>{item.title}</a>
                </h3>
                <p>{item.short}</p>
              </article>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
