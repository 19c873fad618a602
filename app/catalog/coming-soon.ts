import type { LanguageCode } from "~/i18n/languages";

/**
 * The sentence the seeded products' short texts end with until they go on sale ("Coming
 * soon."), in the nine languages. A product going on sale drops it from its short texts
 * (`edit.server.ts`, in the status change's transaction); coming back from sale does not
 * bring it back. Pure.
 */
export const COMING_SOON: Record<LanguageCode, readonly string[]> = {
  ru: ["Скоро в продаже"],
  en: ["Coming soon"],
  ka: ["მალე გაყიდვაში"],
  az: ["Tezliklə satışda"],
  tr: ["Çok yakında"],
  de: ["Demnächst erhältlich"],
  // Written with the Armenian full stop (։) or a Latin one.
  am: ["Շուտով վաճառքում"],
  he: ["בקרוב"],
  // With the tanween as seeded, and without it as people often type it.
  ar: ["قريبًا", "قريبا"],
};

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The phrase as a sentence of its own: at the start, or after a sentence's end or a line's;
 * then its full stop and a space, or the text's end. "Coming soon to pharmacies." stays.
 * Made on first use: built at the module's top, it kept this file in the browser's code of
 * desk pages that use none of it.
 */
let sentence: RegExp | undefined;

function comingSoonSentence(): RegExp {
  sentence ??= new RegExp(
    `(?:^|(?<=[.!?։\\n]))[^\\S\\n]*(?:${Object.values(COMING_SOON)
      .flat()
      .map(literal)
      .join("|")})(?:[.!։](?=\\s|$)|\\s*$)`,
    "giu",
  );
  return sentence;
}

/** A short text without the "coming soon" sentence, in any of the nine languages. */
export function withoutComingSoon(short: string): string {
  const kept = short.replace(comingSoonSentence(), "");
  return kept === short ? short : kept.trim();
}
