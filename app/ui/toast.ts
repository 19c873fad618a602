import type { CartError } from "../cart/model";

/** A message for the shopper, shown once: by the toast stack with JavaScript, or after a redirect without it. */
export type Toast = { id: string } & (
  | { kind: "added"; title: string }
  | { kind: "limit" }
  /** A desk page's notice: a key of the `desk` dictionary (saved, unchanged …). */
  | { kind: "desk"; message: string; values?: Record<string, string> }
  /** A notice on the shopper's own order page: a key of the `checkout` dictionary. */
  | { kind: "checkout"; message: string }
  | { kind: "error"; error: CartError | "badRequest" }
);

export type ToastContent = Toast extends infer T
  ? T extends Toast
    ? Omit<T, "id">
    : never
  : never;
