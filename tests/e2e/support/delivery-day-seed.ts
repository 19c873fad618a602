// Run by ./delivery-seed.ts through vite-node (the app's modules need Vite's
// import.meta.glob): `seed` stores the zones, places and confirms orders through the
// shop's own placeOrder with its `delivery` input and adds a courier; `deliver` marks
// orders delivered. Takes one JSON argument, prints one JSON answer.
import { saveCourier } from "../../../app/couriers/couriers.server";
import type { DeliveryZone } from "../../../app/delivery/zones";
import { changeOrderStatus } from "../../../app/orders/change-status.server";
import { placeOrder } from "../../../app/orders/place.server";
import { systemClock } from "../../../app/platform/clock";
import { createDatabase } from "../../../db/connection";

interface Seed {
  command: "seed";
  path: string;
  zones: DeliveryZone[];
  orders: Array<{
    zone: string;
    address: string;
    qty: number;
    deliveryTime: string;
    language: string;
    token: string;
    phone: string;
  }>;
  courier: { name: string; phone: string };
}

interface Deliver {
  command: "deliver";
  path: string;
  numbers: number[];
}

const input = JSON.parse(process.argv[2] ?? "{}") as Seed | Deliver;
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
    // The owner's zones, in their order; every process reads them at the next revision.
    await db
      .insertInto("shop_settings")
      .values({ key: "zones", value: JSON.stringify({ list: input.zones }) })
      .onConflict((conflict) =>
        conflict.column("key").doUpdateSet((eb) => ({ value: eb.ref("excluded.value") })),
      )
      .execute();
    await db
      .updateTable("content_revision")
      .set((eb) => ({ revision: eb("revision", "+", 1) }))
      .where("id", "=", 1)
      .execute();
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
        },
        { now: systemClock(), phoneHashKey: "e2e" },
      );
      if (!result.ok) throw new Error(result.error);
      const order = result.placed.order;
      await changeOrderStatus(
        db,
        { orderNumber: order.order_number, to: "confirmed", actor },
        systemClock(),
        chat,
      );
      orders.push({ number: order.order_number, total: order.total, fee: order.delivery_fee });
    }
    const courier = await saveCourier(
      db,
      { id: null, ...input.courier, active: true, actor },
      systemClock(),
    );
    if (!courier.ok) throw new Error(courier.problem);
    console.log(JSON.stringify({ orders, courierId: courier.id }));
  } else {
    for (const orderNumber of input.numbers)
      await changeOrderStatus(db, { orderNumber, to: "delivered", actor }, systemClock(), chat);
    console.log(JSON.stringify({ ok: true }));
  }
} finally {
  await db.destroy();
}
