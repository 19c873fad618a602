import { PHONE_PREFIX, normalizePhone } from "~/checkout/phone";
import { type CalendarDate, compareDates, parseIsoDate, toIsoDate } from "~/platform/calendar";
import { type OrderStatus, isOrderStatus } from "../orders/status";

/** The desk list's tabs: what needs action (the default), each status, or everything. */
export type DeskTab = "action" | OrderStatus | "all";

export interface DeskFilter {
  tab: DeskTab;
  /** The search field as typed, trimmed. */
  query: string;
  from: CalendarDate | null;
  until: CalendarDate | null;
  page: number;
}

export interface ParsedQuery {
  /** A whole order number, when the query could be one. */
  orderNumber: number | null;
  /** The digits of a phone number, without 995, when the query has at least three. */
  phoneDigits: string | null;
  /** Text to find in the address, when the query is not only digits. */
  text: string | null;
}

const MAX_QUERY = 100;

/**
 * Reads the one search field: an order number (`004321`, `#4321`), a phone in any
 * spacing or prefix (`+995 555 12 34 56`, `555123456`, `(555) 123-456`, `0555 123 456`),
 * or a piece of the address. Digits can be an order number and a phone at once; both are
 * looked for.
 */
export function parseQuery(raw: string): ParsedQuery {
  const query = raw.trim().slice(0, MAX_QUERY);
  if (!query) return { orderNumber: null, phoneDigits: null, text: null };
  const numberish = /^#?\d{1,6}$/.test(query) ? Number(query.replace("#", "")) : null;
  // A whole number in any spelling (D30) is looked for by its nine digits, a part as typed.
  const phone = normalizePhone(query);
  const digitsOnly = phone !== null || /^[\d\s()+\-.#]+$/.test(query);
  const digits = (phone?.slice(PHONE_PREFIX.length) ?? query).replace(/\D+/g, "");
  return {
    orderNumber: numberish !== null && numberish > 0 ? numberish : null,
    phoneDigits: digitsOnly && digits.length >= 3 ? digits : null,
    text: digitsOnly ? null : query,
  };
}

const PAGE_LIMIT = 10_000;

/** The list's filter from its address (`?tab=&q=&from=&until=&page=`); anything odd reads as unset. */
export function parseDeskFilter(params: URLSearchParams): DeskFilter {
  const tab = params.get("tab");
  const page = Number(params.get("page"));
  let from = parseIsoDate(params.get("from") ?? "");
  let until = parseIsoDate(params.get("until") ?? "");
  if (from && until && compareDates(from, until) > 0) [from, until] = [until, from];
  return {
    tab: tab === "all" || isOrderStatus(tab) ? tab : "action",
    query: (params.get("q") ?? "").trim().slice(0, MAX_QUERY),
    from,
    until,
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_LIMIT ? page : 1,
  };
}

/** The filter as the list's address carries it (dates as YYYY-MM-DD). */
export interface DeskFilterQuery {
  tab: DeskTab;
  query: string;
  from: string;
  until: string;
  page: number;
}

export function toFilterQuery(filter: DeskFilter): DeskFilterQuery {
  return {
    tab: filter.tab,
    query: filter.query,
    from: filter.from ? toIsoDate(filter.from) : "",
    until: filter.until ? toIsoDate(filter.until) : "",
    page: filter.page,
  };
}

/** The list's address for a filter, leaving out what is at its default. */
export function deskListHref(filter: DeskFilterQuery, path = "/desk"): string {
  const params = new URLSearchParams();
  if (filter.tab !== "action") params.set("tab", filter.tab);
  if (filter.query) params.set("q", filter.query);
  if (filter.from) params.set("from", filter.from);
  if (filter.until) params.set("until", filter.until);
  if (filter.page > 1) params.set("page", String(filter.page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
