import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ProductStatus, PublishProblem } from "~/catalog/model";
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

/**
 * Delete, in two steps that need no script: the first asks again (a GET, so Back undoes
 * it), the second posts. A product orders name is archived instead, and the question says
 * so; an archived one can be restored.
 */
export function Removal({
  product,
  named,
  confirming,
}: {
  product: { key: string; title: string; status: ProductStatus };
  named: boolean;
  confirming: boolean;
}) {
  const { t } = useTranslation("desk");
  const page = `/desk/products/${product.key}`;
  const archived = product.status === "archived";
  return (
    <>
      <h2 id="remove">{t("products.removal.title")}</h2>
      {archived ? (
        <Form method="post" action={`${page}#remove`} className="desk-form">
          <p>{t("products.removal.archivedHint")}</p>
          <input type="hidden" name="intent" value="restore" />
          <button type="submit" className="desk-button">
            {t("products.removal.restore")}
          </button>
        </Form>
      ) : confirming ? (
        <Form method="post" action={page} className="desk-form" role="alert">
          <p>
            <strong>
              {t(named ? "products.removal.askArchive" : "products.removal.askDelete", {
                title: product.title,
              })}
            </strong>
          </p>
          <input type="hidden" name="intent" value="remove" />
          <p>
            <button type="submit" className="desk-button desk-button--danger">
              {t(named ? "products.removal.archive" : "products.removal.delete")}
            </button>{" "}
            <Link to={page}>{t("products.removal.cancel")}</Link>
          </p>
        </Form>
      ) : (
        <Form method="get" action={`${page}#remove`} className="desk-form">
          <p className="desk-hint">
            {t(named ? "products.removal.namedHint" : "products.removal.deleteHint")}
          </p>
          <input type="hidden" name="remove" value="1" />
          <button type="submit" className="desk-button">
            {t("products.removal.delete")}
          </button>
        </Form>
      )}
    </>
  );
}
