/**
 * A small bar chart of one figure over the days of a range, drawn on the server as SVG
 * (D68): no script, readable as text (its label names the range's first and last values,
 * the highest and the sum), and printed as it is seen.
 */
export function Chart({
  label,
  values,
  summary,
}: {
  label: string;
  /** One value a day; null where the figure has no value (a rate with nothing to divide). */
  values: ReadonlyArray<number | null>;
  /** The figure's values as words, for the screen reader and the tooltip. */
  summary: string;
}) {
  const width = 160;
  const height = 36;
  const max = Math.max(0, ...values.map((value) => value ?? 0));
  const step = values.length === 0 ? width : width / values.length;
  const bar = Math.max(1, step * 0.7);
  return (
    <svg
      className="desk-chart"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={`${label}: ${summary}`}
    >
      <title>{`${label}: ${summary}`}</title>
      <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} className="desk-chart__axis" />
      {values.map((value, index) => {
        const h = max === 0 || value === null ? 0 : Math.max(1, (value / max) * (height - 2));
        return (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: one bar a day, in the range's order.
            key={index}
            x={index * step + (step - bar) / 2}
            y={height - 1 - h}
            width={bar}
            height={h}
            className="desk-chart__bar"
          />
        );
      })}
    </svg>
  );
}
