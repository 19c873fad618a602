import type { LoaderFunctionArgs } from "@remix-run/node";
import { CSV_BOM, csvRow } from "~/desk/csv";
import { itemTitle, orderLanguage } from "~/desk/order-words";
import { ordersForExport } from "~/desk/orders.server";
import { parseDeskFilter } from "~/desk/search";
import { requireStaff } from "~/desk/session.server";
import { getLocale } from "~/i18n/i18next.server";
import { TETRI_PER_LARI } from "~/i18n/money";
import { formatOrderNumber } from "~/orders/order-number";
import { formatShopDateTime } from "~/platform/calendar";
import { applyDeskHeaders } from "~/platform/security.server";
import { shop } from "~/platform/shop.server";

/**
 * "Export CSV" (D27): the list's current filter, every page, one row per order,
 * streamed as it is read. UTF-8 with a byte-order mark so spreadsheets read Georgian and
 * Russian; formula-like cells neutralised. Without a session: 401, and nothing is read.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, { page: false });
  const filter = parseDeskFilter(new URL(request.url).searchParams);
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const encoder = new TextEncoder();
  const rows = ordersForExport(shop.db, filter, shop.clock());
  const header = csvRow(
    [
      "number",
      "placedAt",
      "status",
      "phone",
      "messenger",
      "email",
      "address",
      "deliveryDate",
      "items",
      "total",
      "language",
    ].map((column) => t(`csv.${column}`)),
  );
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + header));
        return;
      }
      const next = await rows.next();
      if (next.done) {
        controller.close();
        return;
      }
      const { order, items } = next.value;
      controller.enqueue(
        encoder.encode(
          csvRow([
            formatOrderNumber(order.order_number),
            // Tbilisi time in one fixed form a spreadsheet reads as a date.
            formatShopDateTime(Date.parse(order.created_at), "sv-SE"),
            t(`status.${order.status}`),
            order.phone,
            order.messenger,
            order.email,
            order.address,
            order.delivery_time,
            items
              .map((item) => `${itemTitle(item, shop.content().catalog, language)} × ${item.qty}`)
              .join("; "),
            (order.total / TETRI_PER_LARI).toFixed(2),
            orderLanguage(order.language).name,
          ]),
        ),
      );
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
  const headers = new Headers({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": 'attachment; filename="orders.csv"',
  });
  applyDeskHeaders(headers);
  return new Response(body, { headers });
}
