/**
 * The `handle` of a route whose page is the same for every visitor who carries no cart,
 * toast or session: such a page may be served from memory (D29, app/page-cache.server.ts).
 * A page is stored only when every route that rendered it says so.
 */
export const shareable = { shareable: true } as const;
