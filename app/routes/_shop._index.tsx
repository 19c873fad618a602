import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { LineId } from "~/catalog/model";
import { organizationData } from "~/catalog/structured-data.server";
import { getLocale } from "~/i18n/i18next.server";
import { shareable } from "~/platform/handle";
import { homeReviews } from "~/reviews/view";
import { shop } from "~/shop.server";
import { Reviews } from "~/ui/Reviews";
import { Slideshow } from "~/ui/Slideshow";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { useRootData } from "~/ui/root-data";

export const handle = shareable;

/** Each line's tile picture (the project's own artwork, D19). */
const LINE_IMAGES: Record<LineId, string> = {
  delicate: "/images/categories/delicate.svg",
  firstAid: "/images/categories/first-aid.svg",
  face: "/images/categories/face.svg",
};
const LINE_IMAGE = { width: 600, height: 400 } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const language = await getLocale(request);
  const t = shop.t(language, "common");
  return {
    meta: {
      title: pageTitle(t, t("pages.home.title")),
      description: t("pages.home.description"),
      structuredData: organizationData(
        shop.origin(request),
        t("brand.name"),
        shop.content().settings.contacts,
      ),
    },
    reviews: homeReviews(
      shop.content(),
      language,
      shop.t(language, "home")("reviews.verifiedBuyer"),
    ),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function Home() {
  const { t } = useTranslation("home");
  const root = useRootData();
  const { reviews } = useLoaderData<typeof loader>();
  const lines = root?.menu.lines ?? [];
  return (
    <>
      <h1 className="visually-hidden">{t("headline.title")}</h1>
      <Slideshow />
      <section className="page headline">
        <p className="headline__title" aria-hidden="true">
          {t("headline.title")}
        </p>
        <p className="headline__text">{t("headline.text")}</p>
      </section>
      <section className="page lines" aria-labelledby="lines-title">
        <h2 id="lines-title">{t("categories.title")}</h2>
        <ul className="lines__list">
          {lines.map((line) => (
            <li key={line.id}>
              <Link to={line.href} className="line-tile">
                <img
                  src={LINE_IMAGES[line.id]}
                  width={LINE_IMAGE.width}
                  height={LINE_IMAGE.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
                <span className="line-tile__title">{t(`categories.${line.id}.title`)}</span>
                <span className="line-tile__text">{t(`categories.${line.id}.text`)}</span>
                {line.comingSoon ? (
                  <span className="badge">{t("categories.comingSoon")}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <div className="page">
        <Reviews reviews={reviews} />
      </div>
    </>
  );
}
