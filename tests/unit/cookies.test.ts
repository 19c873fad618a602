import { describe, expect, it } from "vitest";
import { createCartCookies } from "~/cart/cart.server";
import { createLanguageCookie, getLocale } from "~/i18n/i18next.server";

// The composition root makes them with `secure: TRUST_PROXY`; off, as without a proxy.
const cart = createCartCookies({ secure: false });
const language = createLanguageCookie({ secure: false });

/** The products a fresh install sells: the cream, and nothing called "no-such-cream". */
const known = (key: string) => key === "body/hemor-cream";

const withCookie = (cookie: string, url = "http://shop.test/") =>
  new Request(url, { headers: { Cookie: cookie } });

/** The `name=value` part of a Set-Cookie header. */
const pair = (setCookie: string) => setCookie.split(";")[0] ?? "";

describe("the cart cookie (D4)", () => {
  it("round-trips a cart through createCookie, with the attributes a cart needs", async () => {
    const header = await cart.commit([{ key: "body/hemor-cream", qty: 3 }]);
    expect(header).toMatch(/^cart_v1=/);
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(await cart.read(withCookie(pair(header)), known)).toEqual([
      { key: "body/hemor-cream", qty: 3 },
    ]);
  });

  it("still reads a cart stored as plain JSON before the upgrade", async () => {
    const legacy = `cart_v1=${encodeURIComponent('[["body/hemor-cream",2]]')}`;
    expect(await cart.read(withCookie(legacy), known)).toEqual([
      { key: "body/hemor-cream", qty: 2 },
    ]);
  });

  it("reads garbage, unknown products and no cookie as an empty cart", async () => {
    for (const cookie of ["cart_v1=%7B%22not", "cart_v1=e30%3D", "cart_v1=", "other=1"])
      expect(await cart.read(withCookie(cookie), known), cookie).toEqual([]);
    const unknown = await cart.commit([{ key: "body/no-such-cream", qty: 1 }]);
    expect(await cart.read(withCookie(pair(unknown)), known)).toEqual([]);
  });

  it("deletes the cookie when the cart is emptied", async () => {
    expect(await cart.commit([])).toMatch(/^cart_v1=; .*Max-Age=0/);
  });

  it("is Secure only behind an https proxy (TRUST_PROXY)", async () => {
    const line = [{ key: "body/hemor-cream", qty: 1 }];
    expect(await cart.commit(line)).not.toContain("Secure");
    expect(await createCartCookies({ secure: true }).commit(line)).toContain("; Secure");
  });
});

describe("the language cookie (D15)", () => {
  it("is set by ?lng= and read back; a switch to the stored language sets nothing", async () => {
    const header = await language.switchCookie(withCookie("", "http://shop.test/?lng=ka"));
    expect(header).toMatch(/^lng=/);
    expect(await getLocale(withCookie(pair(header ?? "")))).toBe("ka");
    expect(
      await language.switchCookie(withCookie(pair(header ?? ""), "http://shop.test/?lng=ka")),
    ).toBeNull();
  });

  it("honours a choice stored as the bare code, and ignores codes it does not know", async () => {
    expect(await getLocale(withCookie("lng=he"))).toBe("he");
    expect(await getLocale(withCookie("lng=xx"))).toBe("ru");
  });

  it("is Secure only behind an https proxy (TRUST_PROXY)", async () => {
    const switching = withCookie("", "http://shop.test/?lng=en");
    expect(await language.switchCookie(switching)).not.toContain("Secure");
    expect(await createLanguageCookie({ secure: true }).switchCookie(switching)).toContain(
      "; Secure",
    );
  });
});
