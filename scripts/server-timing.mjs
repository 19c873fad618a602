// Reading the Server-Timing header for `npm run bench`: any `name;dur=ms` entry, and the
// shop's `cache;desc="hit"|"miss"|"bypass"` outcome.

/**
 * Splits on `separator` outside double quotes.
 * @param {string} text
 * @param {string} separator
 */
function splitOutsideQuotes(text, separator) {
  const parts = [];
  let current = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted && char === "\\") {
      current += char + (text[index + 1] ?? "");
      index += 1;
    } else if (char === '"') {
      quoted = !quoted;
      current += char;
    } else if (char === separator && !quoted) {
      parts.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

/** @param {string} value a token or a quoted string */
function unquote(value) {
  return value.startsWith('"') && value.endsWith('"') && value.length >= 2
    ? value.slice(1, -1).replace(/\\(.)/g, "$1")
    : value;
}

/**
 * The entries of one Server-Timing header, in order. A parameter given twice counts
 * once (the first, as the specification says); a `dur` that is not a number is left out.
 * @param {string | null | undefined} header
 * @returns {Array<{ name: string, dur?: number, desc?: string }>}
 */
export function parseServerTiming(header) {
  if (!header) return [];
  const entries = [];
  for (const entry of splitOutsideQuotes(header, ",")) {
    const [name = "", ...params] = splitOutsideQuotes(entry, ";").map((part) => part.trim());
    if (!name) continue;
    /** @type {{ name: string, dur?: number, desc?: string }} */
    const parsed = { name };
    for (const param of params) {
      const equals = param.indexOf("=");
      const key = (equals === -1 ? param : param.slice(0, equals)).trim().toLowerCase();
      const value = equals === -1 ? "" : unquote(param.slice(equals + 1).trim());
      if (key === "dur" && parsed.dur === undefined) {
        const dur = Number(value);
        if (value !== "" && Number.isFinite(dur)) parsed.dur = dur;
      } else if (key === "desc" && parsed.desc === undefined) {
        parsed.desc = value;
      }
    }
    entries.push(parsed);
  }
  return entries;
}

/**
 * What the headers of a run of requests say: for each metric with a duration, its mean
 * over the requests that carried it (a metric named twice in one header counts as the
 * sum), and how often each cache outcome came.
 * @param {Array<string | null | undefined>} headers one per request
 */
export function summarizeServerTiming(headers) {
  /** @type {Record<string, { total: number, requests: number }>} */
  const sums = {};
  /** @type {Record<string, number>} */
  const cache = {};
  for (const header of headers) {
    /** @type {Record<string, number>} */
    const perRequest = {};
    for (const entry of parseServerTiming(header)) {
      if (entry.dur !== undefined)
        perRequest[entry.name] = (perRequest[entry.name] ?? 0) + entry.dur;
      if (entry.name === "cache" && entry.desc) cache[entry.desc] = (cache[entry.desc] ?? 0) + 1;
    }
    for (const [name, dur] of Object.entries(perRequest)) {
      const sum = sums[name] ?? { total: 0, requests: 0 };
      sums[name] = { total: sum.total + dur, requests: sum.requests + 1 };
    }
  }
  /** @type {Record<string, { meanMs: number, requests: number }>} */
  const metrics = {};
  for (const [name, { total, requests }] of Object.entries(sums)) {
    metrics[name] = { meanMs: Number((total / requests).toFixed(3)), requests };
  }
  return { requests: headers.length, metrics, cache };
}
