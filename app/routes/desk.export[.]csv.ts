import type { LoaderFunctionArgs } from "@remix-run/node";
import { productTitle } from "~/catalog/texts";
import {
  CSV_BOM,
  csvFileName,
  csvMoney,
  csvPhone,
  csvRow,
  deliveryCells,
  deliveryColumns,
  promotionCells,
  promotionColumns,
} from "~/desk/csv";
import { csvStream } from "~/desk/csv-stream.server";
import { ordersForExport } from "~/desk/orders.server";
import { parseDeskFilter } from "~/desk/search";
import { getLocale } from "~/i18n/i18next.server";
import { formatOrderNumber } from "~/orders/order-number";
import { itemTitle, orderLanguage } from "~/orders/order-words";
import { isoShopDateTime, shopToday, toIsoDate } from "~/platform/calendar";
import { applyDeskHeaders } from "~/platform/security.server";
import { shop } from "~/shop.server";

/**
 * "Export CSV" (D27): the list's current filter, every page, one row per order,
 * streamed as it is read. UTF-8 with a byte-order mark so spreadsheets read Georgian and
 * Russian; formula-like cells neutralised. Without a session: 401, and nothing is read.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await shop.desk.requireStaff(request, { page: false });
  const filter = parseDeskFilter(new URL(request.url).searchParams);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const now = shop.clock();
  const rows = ordersForExport(shop.db, filter, now);
  const { catalog, settings } = shop.content();
  // One column a product with its count, so a spreadsheet adds up jars per product.
  const products = catalog.products.map((product) => ({
    key: product.key,
    title: productTitle(product, language),
  }));
  const header = csvRow([
    ...[
      "number",
      "placedAt",
      "status",
      "name",
      "phone",
      "messenger",
      "email",
      "address",
      "deliveryDate",
      "deliveredAt",
      "items",
    ].map((column) => t(`csv.${column}`)),
    ...products.map((product) => product.title),
    ...[...deliveryColumns, ...promotionColumns, "total", "pinned", "notes", "language"].map(
      (column) => t(`csv.${column}`),
    ),
  ]);
  const exported: number[] = [];
  const body = csvStream(rows, {
    head: CSV_BOM + header,
    // Every order that left, in the access log (D35), before the file is complete.
    done: () => session.access.record("csv", exported),
    row: ({ order, items, deliveredAt, notes }) => {
      exported.push(order.order_number);
      const counts = new Map<string, number>();
      for (const item of items)
        counts.set(item.item_key, (counts.get(item.item_key) ?? 0) + item.qty);
      return csvRow([
        formatOrderNumber(order.order_number),
        // Tbilisi time as ISO's YYYY-MM-DD HH:MM: a spreadsheet sorts it as a date.
        isoShopDateTime(order.created_at),
        t(`status.${order.status}`),
        order.name,
        csvPhone(order.phone),
        order.messenger,
        order.email,
        order.address,
        order.delivery_date ?? order.delivery_time,
        deliveredAt ? isoShopDateTime(deliveredAt) : null,
        items.map((item) => `${itemTitle(item, catalog, language)} × ${item.qty}`).join("; "),
        ...products.map((product) => counts.get(product.key) ?? null),
        ...deliveryCells(order, settings.zones, language),
        ...promotionCells(order),
        csvMoney(order.total),
        order.pinned_note,
        notes.join(" | "),
        orderLanguage(order.language).name,
      ]);
    },
  });
  const headers = new Headers({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${csvFileName(
      [
        filter.tab,
        filter.delivery && `delivery-${filter.delivery}`,
        filter.from && `from-${toIsoDate(filter.from)}`,
        filter.until && `until-${toIsoDate(filter.until)}`,
        filter.query,
      ],
      toIsoDate(shopToday(now)),
    )}"`,
  });
  applyDeskHeaders(headers);
  return new Response(body, { headers });
}
