import type { LoaderFunctionArgs } from "@remix-run/node";
import { CSV_BOM, csvFileName, csvPhone, csvRow } from "~/desk/csv";
import { openManifest } from "~/desk/manifest.server";
import { TETRI_PER_LARI } from "~/i18n/money";
import { formatOrderNumber } from "~/orders/order-number";
import { applyDeskHeaders } from "~/platform/security.server";
import { shop } from "~/shop.server";

/**
 * A courier's manifest as CSV (D68): per parcel its number, name, address, phone, items,
 * delivery area and fee, and the cash to collect (goods and fee), by zone then address
 * (D84); after each zone a row of its cash, the last row the total the courier brings back.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await shop.desk.requireStaff(request);
  const { manifest, language } = await openManifest(shop, session, request);
  const t = shop.t(language, "desk");
  const lari = (tetri: number) => (tetri / TETRI_PER_LARI).toFixed(2);
  let body =
    CSV_BOM +
    csvRow([
      t("csv.number"),
      t("csv.name"),
      t("csv.address"),
      t("csv.phone"),
      t("csv.items"),
      t("csv.discount"),
      t("manifest.deliveryArea"),
      t("manifest.deliveryFee"),
      t("manifest.cash"),
    ]);
  for (const group of manifest.groups) {
    for (const parcel of group.items)
      body += csvRow([
        formatOrderNumber(parcel.orderNumber),
        parcel.name,
        parcel.address,
        csvPhone(parcel.phone),
        parcel.items.map((item) => `${item.title} × ${item.qty}`).join("; "),
        // The code's discount, already off the cash to collect (D86).
        lari(parcel.discount),
        group.name,
        lari(parcel.delivery),
        lari(parcel.amount),
      ]);
    body += csvRow([
      t("manifest.zoneTotal", { zone: group.name }),
      null,
      null,
      null,
      null,
      null,
      group.name,
      null,
      lari(group.cash),
    ]);
  }
  body += csvRow([
    t("manifest.total"),
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    lari(manifest.figures.expected),
  ]);
  const headers = new Headers({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${csvFileName(
      [manifest.courier.name],
      manifest.day,
      "manifest",
    )}"`,
  });
  applyDeskHeaders(headers);
  return new Response(body, { headers });
}
