import { useTranslation } from "react-i18next";
import type { ProductView } from "~/catalog/view";

/**
 * The advantages: those the survey measured as labelled bars, the others as a list. The
 * numbers are text; the bars are drawn with SVG attributes (no inline styles, so the CSP
 * needs no 'unsafe-inline').
 */
export function SurveyBars({ product }: { product: ProductView }) {
  const { t } = useTranslation("catalog");
  const { advantages } = product;
  // The advantages' language, when they are shown from another than the page's.
  const lang = product.lang.advantages;
  // The view writes a share exactly when the survey measured it (`productView`).
  const measured = advantages.filter(
    (advantage): advantage is { text: string; percent: number; percentText: string } =>
      advantage.percentText !== null,
  );
  const others = advantages.filter((advantage) => advantage.percentText === null);
  return (
    <>
      {measured.length > 0 ? (
        <figure className="survey">
          <figcaption>{t("product.survey.caption")}</figcaption>
          <ul className="survey__list">
            {measured.map((result) => (
              <li key={result.text} className="survey__item">
                <span className="survey__label" {...lang}>
                  {result.text}
                </span>
                <bdi className="survey__value">{result.percentText}</bdi>
                <svg
                  className="survey__bar"
                  viewBox="0 0 100 6"
                  preserveAspectRatio="none"
                  aria-hidden="true"
                >
                  <rect className="survey__track" width="100" height="6" rx="3" />
                  <rect className="survey__fill" width={result.percent} height="6" rx="3" />
                </svg>
              </li>
            ))}
          </ul>
          <p className="survey__note">{t("product.survey.note")}</p>
        </figure>
      ) : null}
      {others.length > 0 ? (
        <ul className="advantages" {...lang}>
          {others.map((advantage) => (
            <li key={advantage.text}>{advantage.text}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
