import sprite from "./icons.svg?no-inline";

/** The icons drawn in ./icons.svg, one file for all (not in any page's script). */
export type IconName = "telegram" | "whatsapp" | "cart" | "menu";

/**
 * One of the sprite's icons at 24 px, in the colour of the text around it. Decorative: the
 * link or button it sits in carries the name.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" className={className}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

/**
 * A chevron pointing to the start or the end of the line: it turns round in
 * right-to-left layouts through CSS (`.icon--flip`), as arrows must.
 */
export function Chevron({ direction }: { direction: "start" | "end" | "down" }) {
  const path =
    direction === "down"
      ? "M4 6l4 4 4-4"
      : direction === "start"
        ? "M10 3L5 8l5 5"
        : "M6 3l5 5-5 5";
  return (
    <svg
      className={direction === "down" ? "icon" : "icon icon--flip"}
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
    >
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
