import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LINE_IMAGE, productLines } from "~/catalog/lines";
import { getLocale } from "~/i18n/i18next.server";
import { shareable } from "~/platform/handle";
import { shop } from "~/platform/shop.server";
import { Reviews } from "~/ui/Reviews";
import { Slideshow } from "~/ui/Slideshow";
import { pageMetaTags, pageTitle } from "~/ui/meta";

export const handle = shareable;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = shop.t(await getLocale(request), "common");
  return {
    meta: { title: pageTitle(t, t("pages.home.title")), description: t("pages.home.description") },
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function Home() {
  const { t } = useTranslation("home");
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
          {productLines.map((line) => (
            <li key={line.id}>
              <Link to={line.href} className="line-tile">
                <img
                  src={line.image}
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
        <Reviews />
      </div>
    </>
  );
}
