import { safeRedirect } from "~/platform/http.server";

/** The desk's list: where a sign-in leads when it was not sent from a desk page. */
export const DESK_HOME = "/desk";

/** Any origin: only the path and query of `next` are kept, resolved against it. */
const BASE = "http://desk.invalid";

/**
 * Where a person goes after signing in: the desk page they were sent away from (`next`
 * of the sign-in pages). Kept on this site by `safeRedirect`, dot segments and
 * backslashes resolved as a browser would, and only to a page of the desk (not its
 * sign-in pages); anything else leads to the list.
 */
export function deskReturnPath(next: string | null | undefined): string {
  const url = new URL(safeRedirect(next, DESK_HOME), BASE);
  const path = url.pathname;
  const inDesk = path === DESK_HOME || path.startsWith(`${DESK_HOME}/`);
  if (url.origin !== BASE || !inDesk || path.startsWith(`${DESK_HOME}/sign-`)) return DESK_HOME;
  return `${path}${url.search}`;
}

/** A sign-in page's address that leads to `next` afterwards (no `next` for the list). */
export function withReturnPath(address: string, next: string): string {
  return next === DESK_HOME ? address : `${address}?next=${encodeURIComponent(next)}`;
}
