import { normalizePhone } from "~/phone/phone";
import { PHONE_PREFIX } from "~/phone/prefix";
import {
  type CalendarDate,
  addDays,
  compareDates,
  parseIsoDate,
  toIsoDate,
} from "~/platform/calendar";
import { asciiDigits } from "~/platform/digits";
import { parseTags } from "../orders/labels";
import { type OrderStatus, isOrderStatus } from "../orders/status";

/**
 * The desk list's tabs: each status or everything. The desk opens on the new orders, the
 * queue of orders to confirm; a search or a filter looks across every status, and a tab
 * only narrows it.
 */
export type DeskTab = OrderStatus | "all";

/** Delivery dates by name (resolved against the shop's today) or one ISO date. */
export type DeliveryFilter = "" | "today" | "tomorrow" | string;

export type DeskSort = "placed" | "delivery";

export interface DeskFilter {
  tab: DeskTab;
  /** The search field as typed, trimmed. */
  query: string;
  /** The day placed, from and until. */
  from: CalendarDate | null;
  until: CalendarDate | null;
  /** The delivery date: "", "today", "tomorrow" or YYYY-MM-DD. */
  delivery: DeliveryFilter;
  /** One of the staff's tags, or "". */
  tag: string;
  sort: DeskSort;
  page: number;
}

/** The tab a list opens on: the queue, unless something is searched for. */
export function defaultTab(
  filter: Pick<DeskFilter, "query" | "delivery"> & {
    from: unknown;
    until: unknown;
  },
): DeskTab {
  return filter.query || filter.delivery || filter.from || filter.until ? "all" : "new";
}

/** The delivery filter's date, with "today" and "tomorrow" read in the shop's calendar. */
export function deliveryDateOf(delivery: DeliveryFilter, today: CalendarDate): CalendarDate | null {
  if (delivery === "today") return today;
  if (delivery === "tomorrow") return addDays(today, 1);
  return parseIsoDate(delivery);
}

export interface ParsedQuery {
  /** A whole order number, when the query could be one. */
  orderNumber: number | null;
  /** The digits of a phone number, without 995, when the query has at least three. */
  phoneDigits: string | null;
  /** Text to find in the address, name, e-mail or messenger, when the query is not only digits. */
  text: string | null;
}

const MAX_QUERY = 100;

/**
 * Reads the one search field: an order number (`004321`, `#4321`), a phone in any
 * spacing or prefix (`+995 555 12 34 56`, `555123456`, `(555) 123-456`, `0555 123 456`),
 * or a piece of the address, the name, the e-mail or the messenger handle. Digits can be an order number and a phone at once; both are
 * looked for.
 */
export function parseQuery(raw: string): ParsedQuery {
  const query = raw.trim().slice(0, MAX_QUERY);
  if (!query) return { orderNumber: null, phoneDigits: null, text: null };
  // Digits typed on an Arabic or Persian keyboard find the number they write.
  const numeric = asciiDigits(query);
  const numberish = /^#?\d{1,6}$/.test(numeric) ? Number(numeric.replace("#", "")) : null;
  // A whole number in any spelling (D30) is looked for by its nine digits, a part as typed.
  const phone = normalizePhone(query);
  const digitsOnly = phone !== null || /^[\d\s()+\-.#]+$/.test(numeric);
  const digits = phone
    ? phone.slice(PHONE_PREFIX.length).replace(/\D+/g, "")
    : withoutTrunkPrefix(numeric.replace(/\D+/g, ""));
  return {
    orderNumber: numberish !== null && numberish > 0 ? numberish : null,
    phoneDigits: digitsOnly && digits.length >= 3 ? digits : null,
    text: digitsOnly ? null : query,
  };
}

/**
 * A part of a number as people write it, from where the stored one's nine digits begin:
 * without the international `00995` or `995`, or the trunk `0` of `0599…`.
 */
function withoutTrunkPrefix(digits: string): string {
  if (digits.startsWith("00995")) return digits.slice(5);
  if (digits.startsWith("995") && digits.length > 3) return digits.slice(3);
  return digits.replace(/^0+/, "");
}

const PAGE_LIMIT = 10_000;

/**
 * The list's filter from its address (`?tab=&q=&from=&until=&delivery=&sort=&page=`);
 * anything odd reads as unset.
 */
export function parseDeskFilter(params: URLSearchParams): DeskFilter {
  const tab = params.get("tab");
  const page = Number(params.get("page"));
  let from = parseIsoDate(params.get("from") ?? "");
  let until = parseIsoDate(params.get("until") ?? "");
  if (from && until && compareDates(from, until) > 0) [from, until] = [until, from];
  // The filter's named days, or the date picked beside them.
  const delivery = params.get("delivery") || params.get("deliveryOn") || "";
  const query = (params.get("q") ?? "").trim().slice(0, MAX_QUERY);
  const filter = {
    query,
    from,
    until,
    delivery:
      delivery === "today" || delivery === "tomorrow" || parseIsoDate(delivery) ? delivery : "",
    tag: parseTags(params.get("tag") ?? "")[0] ?? "",
    sort: params.get("sort") === "delivery" ? "delivery" : "placed",
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_LIMIT ? page : 1,
  } satisfies Omit<DeskFilter, "tab">;
  return { tab: tab === "all" || isOrderStatus(tab) ? tab : defaultTab(filter), ...filter };
}

/** The filter as the list's address carries it (dates as YYYY-MM-DD). */
export interface DeskFilterQuery {
  tab: DeskTab;
  query: string;
  from: string;
  until: string;
  delivery: DeliveryFilter;
  tag: string;
  sort: DeskSort;
  page: number;
}

export function toFilterQuery(filter: DeskFilter): DeskFilterQuery {
  return {
    tab: filter.tab,
    query: filter.query,
    from: filter.from ? toIsoDate(filter.from) : "",
    until: filter.until ? toIsoDate(filter.until) : "",
    delivery: filter.delivery,
    tag: filter.tag,
    sort: filter.sort,
    page: filter.page,
  };
}

/** The list's address for a filter, leaving out what is at its default. */
export function deskListHref(filter: DeskFilterQuery, path = "/desk"): string {
  const params = new URLSearchParams();
  if (filter.tab !== defaultTab(filter)) params.set("tab", filter.tab);
  if (filter.query) params.set("q", filter.query);
  if (filter.from) params.set("from", filter.from);
  if (filter.until) params.set("until", filter.until);
  if (filter.delivery) params.set("delivery", filter.delivery);
  if (filter.tag) params.set("tag", filter.tag);
  if (filter.sort !== "placed") params.set("sort", filter.sort);
  if (filter.page > 1) params.set("page", String(filter.page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
