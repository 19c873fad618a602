import { request as httpRequest } from "node:http";
import { baseURL } from "../../playwright.config";
import { prepareOrder, submitOrder } from "./support/fast-order";
import { startShop } from "./support/server";
import { expect, test } from "./support/test";

// Server-level answers to hostile requests; the browser adds nothing, so once is enough.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server-side");

const form = "application/x-www-form-urlencoded";

/** A request with headers fetch() will not send as given (Host), straight over HTTP. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body = "",
): Promise<{ status: number; setCookie: string[]; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${baseURL}${path}`,
      { method, headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () =>
          resolve({
            status: incoming.statusCode ?? 0,
            setCookie: incoming.headers["set-cookie"] ?? [],
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
const addToCart = new URLSearchParams({ intent: "add", key: "body/hemor-cream" });

test("a form posted from another site is refused with a readable 403 and changes nothing", async () => {
  for (const origin of ["https://evil.example", "null"]) {
    const response = await fetch(`${baseURL}/cart`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": form, Cookie: "lng=ka" },
      body: addToCart,
      redirect: "manual",
    });
    expect(response.status, origin).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
    const page = await response.text();
    expect(page).toContain('<html lang="ka" dir="ltr">');
    expect(page).toContain("ფორმა სხვა საიტიდან გამოიგზავნა");
  }
  const arabic = await fetch(`${baseURL}/checkout.data?lng=ar`, {
    method: "POST",
    headers: { Origin: "https://evil.example", "Content-Type": form },
    body: "token=x",
  });
  expect(arabic.status).toBe(403);
  expect(await arabic.text()).toContain('dir="rtl"');
});

test("the shop's own forms go through: same host, or PUBLIC_URL behind a proxy that rewrote Host", async () => {
  const host = new URL(baseURL).host;
  for (const addressedTo of [host, "internal.upstream:8080"]) {
    const response = await raw(
      "POST",
      "/cart",
      { Host: addressedTo, Origin: baseURL, "Content-Type": form },
      addToCart.toString(),
    );
    expect(response.status, addressedTo).toBe(303);
    expect(response.setCookie.join()).toContain("cart_v1=");
  }
});

test("canonical, hreflang, sitemap and JSON-LD name PUBLIC_URL, whatever Host says", async () => {
  const headers = { Host: "evil.example", "X-Forwarded-Host": "evil.example" };
  const product = (await raw("GET", "/catalog/body/hemor-cream?lng=en", headers)).text;
  expect(product).toContain(`rel="canonical" href="${baseURL}/catalog/body/hemor-cream?lng=en"`);
  expect(product).toContain(`hrefLang="ka" href="${baseURL}/catalog/body/hemor-cream?lng=ka"`);
  expect(product).toContain(`"url":"${baseURL}/catalog/body/hemor-cream"`);
  const sitemap = (await raw("GET", "/sitemap.xml", headers)).text;
  const robots = (await raw("GET", "/robots.txt", headers)).text;
  for (const text of [product, sitemap, robots]) expect(text).not.toContain("evil.example");
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("behind a trusted proxy the rate limit keys on the address the proxy saw, not the client's own entry", async () => {
  const shop = await startShop({ TRUST_PROXY: "true", ORDER_RATE_LIMIT: "2" });
  try {
    const order = async (forwardedFor: string) =>
      (
        await submitOrder(shop.url, await prepareOrder(shop.url, `Proxy lane ${forwardedFor}`), {
          "X-Forwarded-For": forwardedFor,
        })
      ).status;
    // The client writes the left entries itself; our proxy appends what it saw.
    expect(await order("1.1.1.1, 203.0.113.9")).toBe(303);
    expect(await order("2.2.2.2, 203.0.113.9")).toBe(303);
    expect(await order("3.3.3.3, 203.0.113.9")).toBe(429);
    expect(await order("3.3.3.3, 203.0.113.10")).toBe(303);
  } finally {
    await shop.stop();
  }
});

test("without a proxy each client's own address has its quota; a forged X-Forwarded-For changes nothing", async () => {
  const shop = await startShop({ ORDER_RATE_LIMIT: "1" });
  try {
    const first = await submitOrder(shop.url, await prepareOrder(shop.url, "Direct lane 1"));
    const forged = await submitOrder(shop.url, await prepareOrder(shop.url, "Direct lane 2"), {
      "X-Forwarded-For": "9.9.9.9",
    });
    expect([first.status, forged.status]).toEqual([303, 429]);
  } finally {
    await shop.stop();
  }
});
