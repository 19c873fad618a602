import type { ReactNode } from "react";

/** What a refused form comes back with: what was typed, and the fields found wrong. */
export interface Refusal<Name extends string = string> {
  values: Record<string, string>;
  errors?: readonly Name[];
}

export interface FormAnswer<Name extends string> {
  /** What the control shows: what was typed when the form came back refused, else `stored`. */
  value(name: string, stored: string): string;
  /** A checkbox: ticked as it was posted when refused (an unticked box posts nothing). */
  checked(name: string, stored: boolean): boolean;
  /** Whether the refusal named the field. */
  wrong(name: Name): boolean;
  /** The control's id and, when refused, what describes it (its hint, then its problem). */
  control(name: Name, options?: { hint?: boolean }): ControlProps;
  /** The id of the field's hint, the form's own like every id the kit gives. */
  hintId(name: Name): string;
  /** The field's problem in the reader's words, beside it; nothing when it is fine. */
  problem(name: Name): ReactNode;
}

export interface ControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/**
 * The desk's form kit: a refused save keeps every field as typed, and each field the
 * refusal names says why beside it (`<prefix>-<Name>-error`, linked by aria-describedby),
 * so the owner fixes one thing and presses Save again. `text` gives the reader's words for a
 * problem; controls are `<prefix>-<Name>`, hints `<prefix>-<Name>-hint`: every id carries
 * the form's prefix, so a page of several forms with the same fields (a card a zone, a
 * section a form) names each once.
 */
export function formAnswer<Name extends string>(
  answer: Refusal<Name> | null | undefined,
  { prefix, text }: { prefix: string; text: (name: Name) => string },
): FormAnswer<Name> {
  const wrong = (name: Name) => answer?.errors?.includes(name) ?? false;
  const hintId = (name: Name) => `${prefix}-${name}-hint`;
  const errorId = (name: Name) => `${prefix}-${name}-error`;
  return {
    value: (name, stored) => (answer ? (answer.values[name] ?? "") : stored),
    checked: (name, stored) => (answer ? answer.values[name] !== undefined : stored),
    wrong,
    control(name, { hint = false } = {}) {
      const described = [hint ? hintId(name) : null, wrong(name) ? errorId(name) : null]
        .filter(Boolean)
        .join(" ");
      return {
        id: `${prefix}-${name}`,
        "aria-invalid": wrong(name) ? true : undefined,
        "aria-describedby": described || undefined,
      };
    },
    hintId,
    problem: (name) =>
      wrong(name) ? (
        <span className="desk-field-error" id={errorId(name)}>
          {text(name)}
        </span>
      ) : null,
  };
}

/**
 * A labelled control of the kit: the label, the control (given its id and descriptions),
 * its hint, and its problem beside it when the form came back refused.
 */
export function Field<Name extends string>({
  form,
  name,
  label,
  hint,
  children,
}: {
  form: FormAnswer<Name>;
  name: Name;
  label: ReactNode;
  hint?: ReactNode;
  children: (control: ControlProps) => ReactNode;
}) {
  const control = form.control(name, { hint: hint !== undefined });
  return (
    <div>
      <label htmlFor={control.id}>{label}</label>
      {children(control)}
      {hint === undefined ? null : (
        <span className="desk-hint" id={form.hintId(name)}>
          {hint}
        </span>
      )}
      {form.problem(name)}
    </div>
  );
}
