const FSI = "\u2068";
const PDI = "\u2069";

/**
 * Wraps a value put into translated text (a price, a date, a handle, an e-mail, a phone)
 * in Unicode first-strong isolates, as <bdi> does for markup, so it reads right inside
 * right-to-left sentences: "@kolkhida_shop", not "kolkhida_shop@". Strings that stay
 * strings (attributes, titles) keep the two characters.
 */
export function isolate(value: string): string {
  return `${FSI}${value}${PDI}`;
}

/**
 * Translated text on the page, each value `isolate` wrapped turned into a <bdi>: the same
 * first-strong isolation, without two invisible characters in the text, so an e-mail
 * address or handle copied from the page pastes as itself.
 */
export function Isolated({ text }: { text: string }) {
  // Split at the isolates: every odd part is a value, the even parts the sentence round it.
  const parts = text.split(/[\u2068\u2069]/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never move.
          <bdi key={index}>{part}</bdi>
        ) : (
          part
        ),
      )}
    </>
  );
}
