import { request } from "@playwright/test";
import { deliveryDate } from "./shop";

/**
 * Places an order the way a browser without JavaScript does: add to the cart, open the
 * checkout, post the form, in `language` when one is given (else the shop's default).
 * Resolves with the thank-you's order number.
 */
export async function placeOrderOverHttp(
  baseURL: string,
  address: string,
  phone = "+995 555 123 456",
  language?: string,
  /** The address the visit lands on first (a link with utm tags, say). */
  landing?: string,
): Promise<string> {
  return (await placeOrderWithThanks(baseURL, address, phone, language, landing)).number;
}

/** `placeOrderOverHttp`, with the thank-you page's HTML (its links to follow the order). */
export async function placeOrderWithThanks(
  baseURL: string,
  address: string,
  phone = "+995 555 123 456",
  language?: string,
  landing?: string,
): Promise<{ number: string; thanks: string }> {
  const context = await request.newContext({ baseURL });
  try {
    if (landing) await context.get(landing);
    // The switch is stored in the `lng` cookie, and the order records the shopper's language.
    if (language) await context.get(`/?lng=${language}`);
    await context.post("/cart", {
      form: { intent: "add", key: "body/hemor-cream" },
      maxRedirects: 0,
    });
    const form = await (await context.get("/checkout")).text();
    const token = /name="token" value="([^"]+)"/.exec(form)?.[1];
    if (!token) throw new Error("No checkout form");
    const posted = await context.post("/checkout", {
      form: {
        token,
        address,
        deliveryTime: deliveryDate(1),
        phone,
        messenger: "",
        email: "",
      },
      maxRedirects: 0,
    });
    if (posted.status() !== 303 || posted.headers().location !== "/checkout/thanks") {
      throw new Error(`Checkout answered ${posted.status()}: ${await posted.text()}`);
    }
    const thanks = await (await context.get("/checkout/thanks")).text();
    const number = /class="thanks__number"><bdi>(\d{6})<\/bdi>/.exec(thanks)?.[1];
    if (!number) throw new Error("No order number on the thank-you page");
    return { number, thanks };
  } finally {
    await context.dispose();
  }
}
