// The route a request went to, as the request log and the metrics name it (D72):
// the route's path pattern, never the address itself, which may carry a secret (an
// order's `/o/{token}`, a sign-in link's `/desk/sign-in/{token}`) and is chosen by
// whoever sends the request. The page cache answers most pages without Remix's routing,
// so the pattern is found here by matching the path against the build's routes.

/** Hashed build files (Vite's `assets/`), one name for all of them. */
export const ASSETS_ROUTE = "/assets/*";
/** What no route of the shop's own renders: the catch-all "not found" pages. */
export const NOT_FOUND_ROUTE = "404";
/** Remix's own answer with the routes of the links on a page (lazy route discovery). */
const MANIFEST_ROUTE = "/__manifest";
/** Single fetch's data requests add this to the page's path (`/_root.data` for `/`). */
const DATA_SUFFIX = ".data";
/** How many addresses' names are remembered at most. */
const REMEMBERED_PATHS = 2000;

/**
 * @typedef {{ id: string, parentId?: string, path?: string, index?: boolean }} BuildRoute
 * @typedef {{ name: string, segments: string[] }} Pattern
 */

/**
 * Every address pattern the routes answer, each as its full path from the root.
 *
 * @param {Record<string, BuildRoute | undefined>} routes the build's `routes`
 * @returns {string[]}
 */
export function routePatterns(routes) {
  /** @param {BuildRoute} route @returns {string[]} */
  const pathOf = (route) => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const own = (route.path ?? "").split("/").filter(Boolean);
    return parent ? [...pathOf(parent), ...own] : own;
  };
  const found = new Set();
  for (const route of Object.values(routes)) {
    if (route) found.add(`/${pathOf(route).join("/")}`);
  }
  return [...found];
}

/**
 * A match's weights, segment by segment: a fixed word beats a parameter, and a pattern
 * that ends where the path ends beats a splat (React Router's own ranking, in short).
 */
const WORD = 3;
const PARAMETER = 2;
const END = 1;
const SPLAT = 0;

/**
 * The pattern's weights for `path`, or null when it does not match. Fixed words compare
 * without case, as Remix's routes do.
 *
 * @param {string[]} pattern
 * @param {string[]} path
 * @returns {number[] | null}
 */
function match(pattern, path) {
  /** @type {number[]} */
  const weights = [];
  for (let index = 0; index < pattern.length; index++) {
    const segment = /** @type {string} */ (pattern[index]);
    if (segment === "*") return [...weights, SPLAT];
    const part = path[index];
    if (part === undefined) return null;
    if (segment.startsWith(":")) weights.push(PARAMETER);
    else if (segment.toLowerCase() === part.toLowerCase()) weights.push(WORD);
    else return null;
  }
  return pattern.length === path.length ? [...weights, END] : null;
}

/** @param {number[]} a @param {number[]} b */
function heavier(a, b) {
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? -1) - (b[index] ?? -1);
    if (difference !== 0) return difference > 0;
  }
  return false;
}

/**
 * Names requests by their route. An optional segment (`:lang?`, `word?`) counts both ways.
 * A splat route is the shop's "not found" page, so what only a splat matches is `404`.
 *
 * @param {Record<string, BuildRoute | undefined>} routes the build's `routes`
 * @returns {(path: string) => string} from a request's path (no query) to its route's name
 */
export function createRouteNamer(routes) {
  /** @type {Pattern[]} */
  const patterns = [];
  for (const name of routePatterns(routes)) {
    /** @type {string[][]} */
    let variants = [[]];
    for (const segment of name.split("/").filter(Boolean)) {
      const optional = segment.endsWith("?");
      const bare = optional ? segment.slice(0, -1) : segment;
      variants = variants.flatMap((variant) =>
        optional ? [variant, [...variant, bare]] : [[...variant, bare]],
      );
    }
    for (const segments of variants) patterns.push({ name, segments });
  }

  /** @param {string[]} path */
  const best = (path) => {
    /** @type {{ pattern: Pattern, weights: number[] } | null} */
    let found = null;
    for (const pattern of patterns) {
      const weights = match(pattern.segments, path);
      if (weights && (!found || heavier(weights, found.weights))) found = { pattern, weights };
    }
    if (!found || found.pattern.segments.at(-1) === "*") return NOT_FOUND_ROUTE;
    return found.pattern.name;
  };

  // Most requests are for a few addresses: each is matched once. Bounded, since anyone can
  // send any address; past the bound the memory starts again.
  /** @type {Map<string, string>} */
  const named = new Map();
  return (path) => {
    let name = named.get(path);
    if (name === undefined) {
      name = nameOf(path);
      if (named.size >= REMEMBERED_PATHS) named.clear();
      named.set(path, name);
    }
    return name;
  };

  /** @param {string} path */
  function nameOf(path) {
    if (path === "/assets" || path.startsWith("/assets/")) return ASSETS_ROUTE;
    if (path === MANIFEST_ROUTE) return MANIFEST_ROUTE;
    if (path.endsWith(DATA_SUFFIX)) {
      const page = path.slice(0, -DATA_SUFFIX.length);
      const name = best(page === "/_root" ? [] : page.split("/").filter(Boolean));
      if (name === NOT_FOUND_ROUTE) return name;
      return name === "/" ? "/_root.data" : `${name}${DATA_SUFFIX}`;
    }
    return best(path.split("/").filter(Boolean));
  }
}
