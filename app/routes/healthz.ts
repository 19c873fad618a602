import { sql } from "kysely";
import { shop } from "~/shop.server";

/** Liveness for the operator: 200 only when the database answers a query. */
export async function loader() {
  try {
    await sql`select 1`.execute(shop.db);
    return new Response("ok\n", {
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  } catch (error) {
    console.error("Health check failed:", error);
    return new Response("database unavailable\n", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
