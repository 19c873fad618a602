import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { getLocale } from "~/i18n/i18next.server";
import { shareable } from "~/platform/handle";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";

const paragraphs = ["p1", "p2", "p3", "p4", "p5"] as const;
const cards = ["natural", "handmade", "experience"] as const;

export const handle = shareable;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = shop.t(await getLocale(request), "pages");
  return { meta: { title: pageTitle(t, t("about.title")), description: t("about.subtitle") } };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function About() {
  const { t } = useTranslation("pages");
  return (
    <article className="page page--narrow about">
      <header className="page-header">
        <h1>{t("about.title")}</h1>
        <p className="page-header__subtitle">{t("about.subtitle")}</p>
      </header>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{t(`about.paragraphs.${paragraph}`)}</p>
      ))}
      <ul className="cards cards--three">
        {cards.map((card) => (
          <li key={card} className="card">
            <h2>{t(`about.cards.${card}.title`)}</h2>
            <p>{t(`about.cards.${card}.text`)}</p>
          </li>
        ))}
      </ul>
    </article>
  );
}
