import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PublishProblem } from "~/catalog/model";
import type { TextState } from "~/catalog/texts";
import { TextStateNote } from "~/desk/TextState";
import { getLanguage } from "~/i18n/languages";

/** Why the status could not change: languages and fields named in the reader's words. */
export function Problems({ problems }: { problems: PublishProblem[] }) {
  const { t } = useTranslation("desk");
  return (
    <div className="desk-error">
      <p>{t("products.refused")}</p>
      <ul>
        {problems.map((problem) => (
          <li key={problem.kind === "texts" ? problem.language : problem.kind}>
            {problem.kind === "texts"
              ? t("products.missingIn", {
                  language: getLanguage(problem.language).name,
                  fields: problem.fields
                    .map((field) => t(`productTexts.fields.${field}`))
                    .join(", "),
                })
              : t(`products.missing.${problem.kind}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The product's texts, a card a language, each saying what it still lacks or lags behind. */
export function TextsList({
  productKey,
  languages,
}: {
  productKey: string;
  languages: Array<{ code: string; name: string } & TextState>;
}) {
  const { t } = useTranslation("desk");
  return (
    <>
      <ul className="desk-cards">
        {languages.map((language) => (
          <li key={language.code} className="desk-card">
            <Link to={`/desk/products/${productKey}/texts/${language.code}`}>{language.name}</Link>
            {" · "}
            <TextStateNote state={language} />
          </li>
        ))}
      </ul>
      <p className="desk-hint">{t("products.textStatesHint")}</p>
    </>
  );
}
