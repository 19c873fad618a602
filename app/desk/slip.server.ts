import type { Kysely } from "kysely";
import type { Catalog } from "~/catalog/model";
import type { DeliveryZone } from "~/delivery/zones";
import type { LanguageCode } from "~/i18n/languages";
import {
  type DeliveryView,
  type OrderAmounts,
  type PromotionLine,
  deliveryView,
  orderAmounts,
} from "~/orders/amounts";
import { formatOrderNumber } from "~/orders/order-number";
import { itemTitle } from "~/orders/order-words";
import { itemsOf, promotionsOf } from "~/orders/read.server";
import type { Database } from "../../db/schema";

export interface SlipView {
  number: string;
  name: string | null;
  address: string;
  phone: string;
  deliveryDate: string;
  pinnedNote: string | null;
  /** The courier who has the parcel, with their phone (D68). */
  courier: string | null;
  total: number;
  /** The area, goods and fee, when the order has a delivery line (D84). */
  delivery: DeliveryView | null;
  /** The goods, the code's discount, the fee and the cash (D86). */
  amounts: OrderAmounts;
  /** Each promotion that took part, with what it took off. */
  promotions: PromotionLine[];
  items: Array<{ key: string; title: string; qty: number }>;
}

/** The packing slips of these orders, in the order asked; numbers the shop lacks are left out. */
export async function readSlips(
  db: Kysely<Database>,
  catalog: Catalog,
  numbers: number[],
  language: LanguageCode,
  zones: ReadonlyArray<Pick<DeliveryZone, "id" | "names">>,
): Promise<SlipView[]> {
  if (numbers.length === 0) return [];
  const orders = await db
    .selectFrom("orders")
    .selectAll()
    .where("order_number", "in", numbers)
    .execute();
  const ids = orders.map((order) => order.id);
  const [items, promotions] = await Promise.all([itemsOf(db, ids), promotionsOf(db, ids)]);
  const courierIds = orders.flatMap((order) =>
    order.courier_id === null ? [] : [order.courier_id],
  );
  const couriers = new Map(
    courierIds.length === 0
      ? []
      : (
          await db
            .selectFrom("couriers")
            .select(["id", "name", "phone"])
            .where("id", "in", courierIds)
            .execute()
        ).map((courier) => [courier.id, `${courier.name}, ${courier.phone}`]),
  );
  const byNumber = new Map(orders.map((order) => [order.order_number, order]));
  return numbers.flatMap((number) => {
    const order = byNumber.get(number);
    if (!order) return [];
    return [
      {
        number: formatOrderNumber(order.order_number),
        name: order.name,
        address: order.address,
        phone: order.phone,
        deliveryDate: order.delivery_time,
        pinnedNote: order.pinned_note,
        courier: order.courier_id === null ? null : (couriers.get(order.courier_id) ?? null),
        total: order.total,
        delivery: deliveryView(order, zones, language),
        amounts: orderAmounts(order),
        promotions: promotions.get(order.id) ?? [],
        items: (items.get(order.id) ?? []).map((item) => ({
          key: item.item_key,
          title: itemTitle(item, catalog, language),
          qty: item.qty,
        })),
      },
    ];
  });
}
