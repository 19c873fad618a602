const LRI = "\u2066";
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
 * Wraps a pattern that is typed or read left to right whatever the language round it, in a
 * left-to-right isolate: a date's format ("DD.MM.YY", "يي.شش.سس") or a page's path
 * ("/catalog/القسم/العنوان"). `Isolated` shows it with each word isolated as well, so words
 * of a right-to-left language keep the order the digits or the path have, day first.
 */
export function isolateLeftToRight(value: string): string {
  return `${LRI}${value}${PDI}`;
}

/** Words and the marks between them: "يي", ".", "شش", ".", "سس". */
const WORDS = /([\p{L}\p{M}\p{N}]+)/u;

function LeftToRight({ text }: { text: string }) {
  return (
    <bdi dir="ltr">
      {text.split(WORDS).map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never move.
          <bdi key={index}>{part}</bdi>
        ) : (
          part
        ),
      )}
    </bdi>
  );
}

/** The text round the isolates, and each isolate with the mark it opens with. */
const ISOLATES = /([\u2066\u2068][^\u2069]*)\u2069/;

/**
 * Translated text on the page, each value `isolate` wrapped turned into a <bdi>: the same
 * first-strong isolation, without two invisible characters in the text, so an e-mail
 * address or handle copied from the page pastes as itself. A pattern
 * `isolateLeftToRight` wrapped reads left to right.
 */
export function Isolated({ text }: { text: string }) {
  // Every odd part is a value with its opening mark, the even parts the sentence round it.
  const parts = text.split(ISOLATES);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 0 ? (
          part
        ) : part.startsWith(LRI) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never move.
          <LeftToRight key={index} text={part.slice(1)} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never move.
          <bdi key={index}>{part.slice(1)}</bdi>
        ),
      )}
    </>
  );
}
