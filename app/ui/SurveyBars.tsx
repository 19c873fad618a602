import { useTranslation } from "react-i18next";
import type { Product } from "~/catalog/products";
import { type LanguageCode, defaultLanguage, getLanguage, isLanguageCode } from "~/i18n/languages";

/** One percent formatter per language, made on first use (creating one is the costly part). */
const percentFormats = new Map<LanguageCode, Intl.NumberFormat>();

function percentFormat(code: LanguageCode): Intl.NumberFormat {
  let format = percentFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat(getLanguage(code).htmlLang, { style: "percent" });
    percentFormats.set(code, format);
  }
  return format;
}

/**
 * The survey figures as labelled bars. The numbers are text; the bars are drawn with
 * SVG attributes (no inline styles, so the CSP needs no 'unsafe-inline').
 */
export function SurveyBars({ product }: { product: Product }) {
  const { t, i18n } = useTranslation("catalog");
  const percent = percentFormat(isLanguageCode(i18n.language) ? i18n.language : defaultLanguage);
  return (
    <figure className="survey">
      <figcaption>{t("product.survey.caption")}</figcaption>
      <ul className="survey__list">
        {product.survey.map((result) => (
          <li key={result.id} className="survey__item">
            <span className="survey__label">
              {t(`products.${product.slug}.advantages.${result.id}`)}
            </span>
            <bdi className="survey__value">{percent.format(result.percent / 100)}</bdi>
            <svg
              className="survey__bar"
              viewBox="0 0 100 6"
              preserveAspectRatio="none"
              aria-hidden="true"
            >
              <rect className="survey__track" x="0" y="0" width="100" height="6" rx="3" />
              <rect className="survey__fill" x="0" y="0" width={result.percent} height="6" rx="3" />
            </svg>
          </li>
        ))}
      </ul>
      <p className="survey__note">{t("product.survey.note")}</p>
    </figure>
  );
}
