import type { InputHTMLAttributes, ReactNode } from "react";

/**
 * One radio or checkbox of the desk: a row, the box first and its words beside it (at the
 * start of the line in either direction of writing), and the whole row its label, so a
 * thumb anywhere on it ticks the box.
 */
export function Choice({
  label,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { type: "radio" | "checkbox"; label: ReactNode }) {
  return (
    <label className="desk-choice">
      <input {...input} />
      <span>{label}</span>
    </label>
  );
}

/** A group of choices: a fieldset named by its legend, one choice a row. */
export function Choices({
  legend,
  children,
  className,
  ...fieldset
}: {
  legend: ReactNode;
  children: ReactNode;
  className?: string;
  "aria-describedby"?: string;
}) {
  return (
    <fieldset className={className ? `desk-choices ${className}` : "desk-choices"} {...fieldset}>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}
