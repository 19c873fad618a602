import type { ReactNode } from "react";

/**
 * A desk page's list of cards, or the sentence that says there is none: one shape for
 * blocked numbers, couriers, data requests and whatever lists come next.
 */
export function CardList<T>({
  items,
  empty,
  keyOf,
  idOf,
  children,
}: {
  items: readonly T[];
  empty: string;
  keyOf: (item: T) => string | number;
  /** The card's id, the fragment a press on it comes back to (`desk/place.ts`). */
  idOf?: (item: T) => string;
  /** A card's content; the card itself (`li.desk-card`) is the list's. */
  children: (item: T, index: number) => ReactNode;
}) {
  if (items.length === 0) return <p className="desk-empty">{empty}</p>;
  return (
    <ul className="desk-cards">
      {items.map((item, index) => (
        <li key={keyOf(item)} id={idOf?.(item)} className="desk-card">
          {children(item, index)}
        </li>
      ))}
    </ul>
  );
}
