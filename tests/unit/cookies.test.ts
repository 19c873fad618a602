import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

// The cookie modules read the configuration when loaded: give them a folder of their own.
process.env.DATABASE_PATH = join(mkdtempSync(join(tmpdir(), "shop-cookies-")), "shop.sqlite");

let cart: typeof import("~/cart/cart.server");
let language: typeof import("~/i18n/i18next.server");

beforeAll(async () => {
  cart = await import("~/cart/cart.server");
  language = await import("~/i18n/i18next.server");
});

/** The products a fresh install sells: the cream, and nothing called "no-such-cream". */
const known = (key: string) => key === "body/hemor-cream";

const withCookie = (cookie: string, url = "http://shop.test/") =>
  new Request(url, { headers: { Cookie: cookie } });

/** The `name=value` part of a Set-Cookie header. */
const pair = (setCookie: string) => setCookie.split(";")[0] ?? "";

describe("the cart cookie (D4)", () => {
  it("round-trips a cart through createCookie, with the attributes a cart needs", async () => {
    const header = await cart.commitCart([{ key: "body/hemor-cream", qty: 3 }]);
    expect(header).toMatch(/^cart_v1=/);
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(await cart.getCart(withCookie(pair(header)), known)).toEqual([
      { key: "body/hemor-cream", qty: 3 },
    ]);
  });

  it("still reads a cart stored as plain JSON before the upgrade", async () => {
    const legacy = `cart_v1=${encodeURIComponent('[["body/hemor-cream",2]]')}`;
    expect(await cart.getCart(withCookie(legacy), known)).toEqual([
      { key: "body/hemor-cream", qty: 2 },
    ]);
  });

  it("reads garbage, unknown products and no cookie as an empty cart", async () => {
    for (const cookie of ["cart_v1=%7B%22not", "cart_v1=e30%3D", "cart_v1=", "other=1"])
      expect(await cart.getCart(withCookie(cookie), known), cookie).toEqual([]);
    const unknown = await cart.commitCart([{ key: "body/no-such-cream", qty: 1 }]);
    expect(await cart.getCart(withCookie(pair(unknown)), known)).toEqual([]);
  });

  it("deletes the cookie when the cart is emptied", async () => {
    expect(await cart.commitCart([])).toMatch(/^cart_v1=; .*Max-Age=0/);
  });
});

describe("the language cookie (D15)", () => {
  it("is set by ?lng= and read back; a switch to the stored language sets nothing", async () => {
    const header = await language.languageSwitchCookie(withCookie("", "http://shop.test/?lng=ka"));
    expect(header).toMatch(/^lng=/);
    expect(await language.getLocale(withCookie(pair(header ?? "")))).toBe("ka");
    expect(
      await language.languageSwitchCookie(
        withCookie(pair(header ?? ""), "http://shop.test/?lng=ka"),
      ),
    ).toBeNull();
  });

  it("honours a choice stored as the bare code, and ignores codes it does not know", async () => {
    expect(await language.getLocale(withCookie("lng=he"))).toBe("he");
    expect(await language.getLocale(withCookie("lng=xx"))).toBe("ru");
  });
});
