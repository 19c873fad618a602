import type { ReactNode } from "react";

/**
 * A desk page's list of cards, or the sentence that says there is none: one shape for
 * blocked numbers, couriers, data requests and whatever lists come next.
 */
export function CardList<T>({
  items,
  empty,
  keyOf,
  children,
}: {
  items: readonly T[];
  empty: string;
  keyOf: (item: T) => string | number;
  /** A card's content; the card itself (`li.desk-card`) is the list's. */
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className="desk-empty">{empty}</p>;
  return (
    <ul className="desk-cards">
      {items.map((item) => (
        <li key={keyOf(item)} className="desk-card">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
