import type { LoaderFunctionArgs } from "@remix-run/node";
import { applyDeskHeaders } from "~/platform/security.server";
import { markExported, personData, requestOfParam } from "~/privacy/requests.server";
import { shop } from "~/shop.server";

/**
 * Everything the shop holds on a request's person as JSON (D35): a file to hand over.
 * Logged as an access; a request to see the data is answered by it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { staff, access } = await shop.desk.requireOwner(request, { page: false });
  const found = await requestOfParam(shop.db, params.id);
  const now = shop.clock();
  const held = await personData(shop.db, found);
  await access.record(
    "export",
    held.orders.map((order) => Number(order.number)),
  );
  await markExported(shop.db, found, { actor: staff.name, now, found: held.orders.length });
  const body = JSON.stringify(
    { request: found.subject, receivedOn: found.received_on, ...held },
    null,
    2,
  );
  const headers = new Headers({
    "Content-Type": "application/json; charset=utf-8",
    "Content-Disposition": `attachment; filename="personal-data-${found.id}.json"`,
  });
  applyDeskHeaders(headers);
  return new Response(body, { headers });
}
