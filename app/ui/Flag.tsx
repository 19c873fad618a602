import { useState } from "react";
import type { Language } from "~/i18n/languages";

/**
 * A language's flag: /flags/{code}.svg, the PNG where SVG cannot be shown, and the
 * emoji when neither image loads. Decorative: the language's name is always beside it.
 */
export function Flag({ language }: { language: Language }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className="flag flag--emoji" aria-hidden="true">
        {language.flag}
      </span>
    );
  }
  return (
    <picture className="flag">
      <source srcSet={`/flags/${language.code}.svg`} type="image/svg+xml" />
      <img
        src={`/flags/${language.code}.png`}
        width={24}
        height={16}
        alt=""
        onError={() => setFailed(true)}
      />
    </picture>
  );
}
