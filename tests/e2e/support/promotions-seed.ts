// Run by tests/e2e/promotions-orders.spec.ts through vite-node (the app's modules need
// Vite's import.meta.glob): `seed` stores the zones and a promotion code, places orders
// through the shop's own placeOrder with its `promotions` and `delivery` inputs, confirms
// them and hands them to a new courier for a day; `settle` marks orders delivered or
// refused. Takes one JSON argument, prints one JSON answer.
import { handOver } from "../../../app/couriers/cash.server";
import { saveCourier } from "../../../app/couriers/couriers.server";
import type { DeliveryZone } from "../../../app/delivery/zones";
import { changeOrderStatus } from "../../../app/orders/change-status.server";
import { placeOrder } from "../../../app/orders/place.server";
import { parseIsoDate, shopToday } from "../../../app/platform/calendar";
import { systemClock } from "../../../app/platform/clock";
import { type Promotion, readPromotion } from "../../../app/promotions/model";
import { createDatabase } from "../../../db/connection";
import type { OrderStatus } from "../../../db/schema";

interface Seed {
  command: "seed";
  path: string;
  zones: DeliveryZone[];
  promotion: { name: string; code: string; percent: number };
  day: string;
  orders: Array<{
    zone: string;
    address: string;
    qty: number;
    code: string | null;
    deliveryTime: string;
    language: string;
    token: string;
    phone: string;
  }>;
  courier: { name: string; phone: string };
}

interface Settle {
  command: "settle";
  path: string;
  outcomes: Array<{ number: number; to: OrderStatus }>;
}

/** The owner changes a code's percentage today. */
interface Rule {
  command: "rule";
  path: string;
  code: string;
  percent: number;
}

const input = JSON.parse(process.argv[2] ?? "{}") as Seed | Settle | Rule;
const db = createDatabase({ kind: "sqlite", path: input.path });
const actor = { name: "Nino", staffId: null };
const chat = {
  deskChatIds: [],
  holdAfterRefusals: 2,
  phoneHashKey: "e2e",
  language: "en" as const,
};

try {
  if (input.command === "seed") {
    await db
      .insertInto("shop_settings")
      .values({ key: "zones", value: JSON.stringify({ list: input.zones }) })
      .onConflict((conflict) =>
        conflict.column("key").doUpdateSet((eb) => ({ value: eb.ref("excluded.value") })),
      )
      .execute();
    await db
      .insertInto("promotions")
      .values({
        kind: "code",
        name: input.promotion.name,
        code: input.promotion.code,
        percent: input.promotion.percent,
        created_at: new Date(systemClock()).toISOString(),
      })
      .execute();
    await db
      .updateTable("content_revision")
      .set((eb) => ({ revision: eb("revision", "+", 1) }))
      .where("id", "=", 1)
      .execute();
    const list = (await db.selectFrom("promotions").selectAll().execute())
      .map(readPromotion)
      .filter((one): one is Promotion => one !== null);
    const orders = [];
    for (const wanted of input.orders) {
      const zone = input.zones.find((candidate) => candidate.id === wanted.zone);
      if (!zone) throw new Error(`No zone ${wanted.zone}`);
      const result = await placeOrder(
        db,
        {
          values: {
            address: wanted.address,
            phone: wanted.phone,
            deliveryTime: wanted.deliveryTime,
            name: null,
            messenger: null,
            email: null,
          },
          cart: [{ key: "body/hemor-cream", qty: wanted.qty }],
          language: wanted.language,
          token: wanted.token,
          titleLanguage: "ru",
          delivery: { zone, minimum: null, choice: true },
          promotions: { list, code: wanted.code, today: shopToday(systemClock()) },
        },
        { now: systemClock(), phoneHashKey: "e2e" },
      );
      if (!result.ok) throw new Error(JSON.stringify(result));
      const order = result.placed.order;
      await changeOrderStatus(
        db,
        { orderNumber: order.order_number, to: "confirmed", actor },
        systemClock(),
        chat,
      );
      orders.push({
        number: order.order_number,
        total: order.total,
        fee: order.delivery_fee,
        discount: order.discount,
        token: order.track_token,
      });
    }
    const courier = await saveCourier(
      db,
      { id: null, ...input.courier, active: true, actor },
      systemClock(),
    );
    if (!courier.ok) throw new Error(courier.problem);
    const day = parseIsoDate(input.day);
    if (!day) throw new Error(`No day ${input.day}`);
    const handed = await handOver(
      db,
      {
        courierId: courier.id,
        day,
        orderNumbers: orders.map((order) => order.number),
        actor,
      },
      systemClock(),
      chat,
    );
    if (handed.outcome !== "done" || handed.kept.length > 0) throw new Error("Not handed over");
    console.log(JSON.stringify({ orders, courierId: courier.id }));
  } else if (input.command === "rule") {
    await db
      .updateTable("promotions")
      .set({ percent: input.percent })
      .where("code", "=", input.code)
      .execute();
    await db
      .updateTable("content_revision")
      .set((eb) => ({ revision: eb("revision", "+", 1) }))
      .where("id", "=", 1)
      .execute();
    console.log(JSON.stringify({ ok: true }));
  } else {
    for (const { number, to } of input.outcomes)
      await changeOrderStatus(db, { orderNumber: number, to, actor }, systemClock(), chat);
    console.log(JSON.stringify({ ok: true }));
  }
} finally {
  await db.destroy();
}
