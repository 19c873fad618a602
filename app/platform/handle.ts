/**
 * What a route tells the shop about itself through its `handle`. The route tree, not the
 * address, decides what a page is: the storefront's layout and the desk's each declare
 * theirs, and their pages inherit it.
 */
export interface RouteHandle {
  /**
   * The page is the same for every visitor with the same language and cart who carries no
   * toast or session: it may be served from memory, and its data with it (D29, decisions
   * 015 and 034, app/platform/page-cache.server.ts). A route that says so reads no other
   * cookie. A page is stored only when every route that rendered it says so.
   */
  shareable?: true;
  /** Dictionary namespaces the page needs beyond the storefront's (the desk's texts). */
  i18n?: readonly string[];
}

export const shareable: RouteHandle = { shareable: true };

/** The handles of the routes that rendered a page, as Remix lists its matches. */
export function handles(matches: readonly { handle?: unknown }[]): RouteHandle[] {
  return matches.map(({ handle }) => (handle ?? {}) as RouteHandle);
}

/** Whether every route below the root declared its page the same for every visitor. */
export function everyRouteShareable(matches: readonly { id: string; handle?: unknown }[]): boolean {
  const below = matches.filter(({ id }) => id !== "root");
  return below.length > 0 && handles(below).every(({ shareable }) => shareable === true);
}

/** The extra dictionary namespaces the routes that rendered a page asked for. */
export function routeNamespaces(matches: readonly { handle?: unknown }[]): string[] {
  return [...new Set(handles(matches).flatMap(({ i18n }) => i18n ?? []))];
}
