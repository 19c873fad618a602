import type { ReactNode } from "react";

/**
 * One figure: its name, its value and what it means; a problem is said in words too,
 * with a link when it names something to open.
 */
export function Figure({
  name,
  label,
  value,
  alert = false,
  hints,
  warning = null,
}: {
  name: string;
  label: string;
  value: ReactNode;
  alert?: boolean;
  hints: Array<string | null>;
  warning?: ReactNode;
}) {
  return (
    <div className={alert ? "desk-figure desk-figure--alert" : "desk-figure"} data-figure={name}>
      <dt>{label}</dt>
      <dd>
        <span className="desk-figure__value">{value}</span>
        {hints.map((hint) =>
          hint ? (
            <span key={hint} className="desk-figure__hint">
              {hint}
            </span>
          ) : null,
        )}
        {warning ? <strong className="desk-figure__hint">{warning}</strong> : null}
      </dd>
    </div>
  );
}
