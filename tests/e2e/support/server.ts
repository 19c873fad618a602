// The browser tests start their own servers with the same helper as the scripts.
export { freePort, startShop } from "../../../scripts/shop-server.mjs";
import type { startShop } from "../../../scripts/shop-server.mjs";

export type ShopServer = Awaited<ReturnType<typeof startShop>>;
