import { languageCodes } from "../../app/i18n/languages";
import { fixedPaths } from "../../app/ui/site";
import { expect, test } from "./support/test";

const CART = `cart_v1=${encodeURIComponent('[["body/hemor-cream",2]]')}`;

/** The sitemap's pages and those it leaves out on purpose: the not-found pages, cart, checkout. */
const pages = [
  ...fixedPaths,
  "/catalog/body/hemor-cream",
  "/catalog/body/burn-cream",
  "/catalog/face/acne-cream",
  "/catalog/body/no-such-cream",
  "/no-such-page",
  "/cart",
  "/checkout",
];
/** Single-fetch data, as navigations with scripts load it (`/_root.data` is the home page). */
const data = ["/_root", "/catalog/body/hemor-cream", "/catalog", "/cart", "/checkout"];

/** How many 0x00 bytes the body holds; an empty cart's /checkout is followed to /cart. */
async function nulCount(url: string, cookie: string | null): Promise<number> {
  const response = await fetch(url, { headers: cookie ? { Cookie: cookie } : {} });
  expect(response.status, url).toBeLessThan(500);
  const body = Buffer.from(await response.arrayBuffer());
  expect(body.length, url).toBeGreaterThan(0);
  let count = 0;
  for (let at = body.indexOf(0); at !== -1; at = body.indexOf(0, at + 1)) count += 1;
  return count;
}

test.describe("no response carries a 0x00 byte", () => {
  // React 18.3 pads its streamed pages with 0x00 where a multi-byte character meets one of
  // its 2 KB views; the bytes are the same with or without scripts, so one project is enough.
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server-side");

  for (const lng of languageCodes) {
    test(`every page and some data in ${lng}, with and without a cart`, async ({ baseURL }) => {
      const requests = [null, CART].flatMap((cookie) =>
        [
          ...pages.map((path) => `${path}?lng=${lng}`),
          ...data.map((path) => `${path}.data?lng=${lng}`),
        ].map(async (path) => {
          const nuls = await nulCount(`${baseURL}${path}`, cookie);
          return nuls === 0 ? null : `${path}${cookie ? " with a cart" : ""}: ${nuls}`;
        }),
      );
      const withNul = (await Promise.all(requests)).filter((found) => found !== null);
      expect(withNul, "responses with 0x00 bytes").toEqual([]);
    });
  }
});
