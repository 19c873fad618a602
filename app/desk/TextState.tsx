import { useTranslation } from "react-i18next";
import type { TextField } from "~/catalog/model";
import type { TextState } from "~/catalog/texts";

/**
 * What one language's texts still want (D36), in the reader's words: "missing: Description,
 * Usage" (shoppers read those from Russian), "outdated: Title" (the Russian one changed
 * since), or "complete".
 */
export function TextStateNote({ state }: { state: TextState }) {
  const { t } = useTranslation("desk");
  const fields = (list: readonly TextField[]) =>
    list.map((field) => t(`productTexts.fields.${field}`)).join(", ");
  const parts = (["missing", "outdated"] as const).filter((kind) => state[kind].length > 0);
  if (parts.length === 0) return <span className="desk-ok">{t("products.complete")}</span>;
  return (
    <>
      {parts.map((kind, index) => (
        <span key={kind} className={`desk-text-state desk-text-state--${kind}`}>
          {index > 0 ? " · " : null}
          {t("products.textState", {
            state: t(`products.textStates.${kind}`),
            fields: fields(state[kind]),
          })}
        </span>
      ))}
    </>
  );
}
