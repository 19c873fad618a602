const MAX_STARS = 5;

/** A rating shown as stars, announced as text by the label the caller gives. */
export function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <span className="stars" role="img" aria-label={label}>
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <svg
          // biome-ignore lint/suspicious/noArrayIndexKey: stars are positional.
          key={index}
          className={index < rating ? "star star--on" : "star"}
          viewBox="0 0 20 20"
          width="18"
          height="18"
          aria-hidden="true"
        >
          <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z" />
        </svg>
      ))}
    </span>
  );
}
