import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getLocale } from "~/i18n/i18next.server";
import { shareable } from "~/platform/handle";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";

const comingSoonLines = ["firstAid", "face"] as const;

export const handle = shareable;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = shop.t(await getLocale(request), "catalog");
  return {
    meta: { title: pageTitle(t, t("comingSoon.title")), description: t("comingSoon.subtitle") },
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

/** Where the first-aid and face lines lead until they are on sale. */
export default function ComingSoon() {
  const { t } = useTranslation("catalog");
  return (
    <section className="page page--narrow">
      <header className="page-header">
        <h1>{t("comingSoon.title")}</h1>
        <p className="page-header__subtitle">{t("comingSoon.subtitle")}</p>
      </header>
      <ul className="cards">
        {comingSoonLines.map((line) => (
          <li key={line} className="card">
            <h2>{t(`comingSoon.${line}.title`)}</h2>
            <p>{t(`comingSoon.${line}.text`)}</p>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/catalog" className="button">
          {t("comingSoon.back")}
        </Link>
      </p>
    </section>
  );
}
