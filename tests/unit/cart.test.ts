import { beforeAll, describe, expect, it } from "vitest";
import { applyCartIntent, isCartIntent } from "~/cart/intents";
import {
  type Cart,
  type CartRules,
  addToCart,
  decrement,
  deserializeCart,
  increment,
  normalizeQuantity,
  parseTypedQuantity,
  removeLine,
  setQuantity,
  storedCart,
} from "~/cart/model";
import { type CartProducts, badgeText, priceCart } from "~/cart/priced";
import { cartKnowsOf, cartProduct, cartRulesOf } from "~/cart/products";
import type { Catalog, CatalogProduct } from "~/catalog/model";
import { MAX_CART_LINES } from "~/constants";
import { loadCatalog } from "~/content/store.server";
import { freshDatabase } from "./support/database";

const CREAM = "body/hemor-cream";

let catalog: Catalog;
let rules: CartRules;
let known: (key: string) => boolean;
let products: CartProducts;

/** The catalogue a fresh install has (the first migration's seed). */
beforeAll(async () => {
  const db = await freshDatabase("cart");
  catalog = await loadCatalog(db);
  await db.destroy();
  rules = cartRulesOf(catalog);
  known = cartKnowsOf(catalog);
  products = (key) => cartProduct(catalog, key, "en");
});

/** The catalogue with one product changed, as an owner would change it. */
function withProduct(key: string, change: Partial<CatalogProduct>): Catalog {
  return {
    products: catalog.products.map((product) =>
      product.key === key ? { ...product, ...change } : product,
    ),
  };
}

function cartOf(result: ReturnType<typeof addToCart>): Cart {
  if (!result.ok) throw new Error(`expected success, got ${result.error}`);
  return result.cart;
}

describe("quantities (spec §5)", () => {
  it.each([
    [1, 1],
    [2.9, 2],
    ["3", 3],
    [0, 1],
    [-5, 1],
    [0.4, 1],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
    ["abc", 1],
    [undefined, 1],
    [null, 1],
    [{}, 1],
    [1e9, 99],
    [100, 99],
  ])("normalizes %p to %p", (input, expected) => {
    expect(normalizeQuantity(input)).toBe(expected);
  });

  it("reads a typed quantity: empty or 0 removes, letters are refused", () => {
    expect(parseTypedQuantity("")).toBeNull();
    expect(parseTypedQuantity("  ")).toBeNull();
    expect(parseTypedQuantity("0")).toBeNull();
    expect(parseTypedQuantity("00")).toBeNull();
    expect(parseTypedQuantity("7")).toBe(7);
    expect(parseTypedQuantity("250")).toBe(99);
    expect(parseTypedQuantity("-1")).toBe("invalid");
    expect(parseTypedQuantity("2.5")).toBe("invalid");
    expect(parseTypedQuantity("1e3")).toBe("invalid");
    expect(parseTypedQuantity("abc")).toBe("invalid");
  });
});

describe("cart operations (spec §4)", () => {
  it("adds with quantity 1 by default and merges by key, adding the quantity", () => {
    let cart = cartOf(addToCart(rules, [], CREAM));
    expect(cart).toEqual([{ key: CREAM, qty: 1 }]);
    cart = cartOf(addToCart(rules, cart, CREAM, 3));
    expect(cart).toEqual([{ key: CREAM, qty: 4 }]);
  });

  it("caps a line at 99 and says so", () => {
    const result = addToCart(rules, [{ key: CREAM, qty: 98 }], CREAM, 5);
    expect(result).toEqual({ ok: true, cart: [{ key: CREAM, qty: 99 }], limited: true });
  });

  it("plus adds one; minus takes one and removes the line at 0", () => {
    let cart = cartOf(increment(rules, [{ key: CREAM, qty: 1 }], CREAM));
    expect(cart).toEqual([{ key: CREAM, qty: 2 }]);
    cart = cartOf(decrement(rules, cart, CREAM));
    expect(cart).toEqual([{ key: CREAM, qty: 1 }]);
    cart = cartOf(decrement(rules, cart, CREAM));
    expect(cart).toEqual([]);
  });

  it("sets a quantity; 0 or less removes the line", () => {
    expect(cartOf(setQuantity(rules, [{ key: CREAM, qty: 1 }], CREAM, 5))).toEqual([
      { key: CREAM, qty: 5 },
    ]);
    expect(cartOf(setQuantity(rules, [{ key: CREAM, qty: 1 }], CREAM, 0))).toEqual([]);
    expect(cartOf(setQuantity(rules, [{ key: CREAM, qty: 1 }], CREAM, -3))).toEqual([]);
    expect(setQuantity(rules, [{ key: CREAM, qty: 1 }], CREAM, Number.NaN)).toEqual({
      ok: false,
      error: "badQuantity",
    });
  });

  it("removes a line", () => {
    expect(cartOf(removeLine([{ key: CREAM, qty: 3 }], CREAM))).toEqual([]);
  });

  it("refuses unknown and coming-soon products", () => {
    expect(addToCart(rules, [], "body/lotion")).toEqual({ ok: false, error: "unknownProduct" });
    expect(addToCart(rules, [], "__proto__")).toEqual({ ok: false, error: "unknownProduct" });
    expect(addToCart(rules, [], "body/burn-cream")).toEqual({ ok: false, error: "notOrderable" });
    expect(setQuantity(rules, [], "face/acne-cream", 2)).toEqual({
      ok: false,
      error: "notOrderable",
    });
  });

  it("shows 9+ on the badge above 9 distinct products", () => {
    expect(badgeText(0)).toBe("0");
    expect(badgeText(9)).toBe("9");
    expect(badgeText(10)).toBe("9+");
  });
});

describe("prices come from the catalogue only (D5)", () => {
  it("prices lines and the total in tetri", () => {
    const priced = priceCart([{ key: CREAM, qty: 3 }], products);
    expect(priced.total).toBe(30000);
    expect(priced.count).toBe(1);
    expect(priced.lines[0]).toMatchObject({
      product: { key: CREAM, price: 10000, title: "Hemorrhoid ointment", orderable: true },
      qty: 3,
      subtotal: 30000,
    });
  });

  it("charges the catalogue's price of the moment: an owner's new price shows in a cart", () => {
    const repriced = withProduct(CREAM, { price: 45_50 });
    const priced = priceCart([{ key: CREAM, qty: 2 }], (key) => cartProduct(repriced, key, "en"));
    expect(priced.total).toBe(91_00);
  });

  it("keeps a line whose product sold out, shown as such and left out of the total", () => {
    const soldOut = withProduct(CREAM, { stock: 0 });
    const cart = deserializeCart('[["body/hemor-cream",2]]', cartKnowsOf(soldOut));
    expect(cart).toEqual([{ key: CREAM, qty: 2 }]);
    const priced = priceCart(cart, (key) => cartProduct(soldOut, key, "en"));
    expect(priced).toMatchObject({ total: 0, count: 1, soldOut: 1 });
    expect(addToCart(cartRulesOf(soldOut), [], CREAM)).toEqual({ ok: false, error: "soldOut" });
    expect(increment(cartRulesOf(soldOut), cart, CREAM)).toEqual({ ok: false, error: "soldOut" });
    expect(cartOf(decrement(cartRulesOf(soldOut), cart, CREAM))).toEqual([{ key: CREAM, qty: 1 }]);
  });

  it("forgets a product the owner hid or took back to a draft", () => {
    for (const status of ["hidden", "draft", "coming_soon"] as const) {
      const changed = withProduct(CREAM, { status });
      expect(deserializeCart('[["body/hemor-cream",2]]', cartKnowsOf(changed))).toEqual([]);
    }
  });

  it("drops lines that are not for sale", () => {
    const priced = priceCart(
      [
        { key: "body/burn-cream", qty: 1 },
        { key: "nope/nothing", qty: 2 },
      ],
      products,
    );
    expect(priced).toEqual({ lines: [], total: 0, count: 0, soldOut: 0 });
  });

  it("ignores a forged price field in a posted change", () => {
    const fields = new URLSearchParams({ intent: "add", key: CREAM, price: "1", subtotal: "1" });
    const cart = cartOf(applyCartIntent(rules, [], "add", fields));
    expect(JSON.stringify(storedCart(cart))).toBe('[["body/hemor-cream",1]]');
    expect(priceCart(cart, products).total).toBe(10000);
  });
});

describe("the stored cart (D4)", () => {
  it("round-trips keys and quantities", () => {
    const cart: Cart = [{ key: CREAM, qty: 4 }];
    expect(deserializeCart(JSON.stringify(storedCart(cart)), known)).toEqual(cart);
  });

  it.each([
    ["", []],
    ["not json", []],
    ["{}", []],
    ['{"key":"body/hemor-cream"}', []],
    ['[["body/hemor-cream","2"]]', []],
    ['[["body/hemor-cream",2.5]]', []],
    ['[["body/hemor-cream",-1]]', []],
    ['[["body/burn-cream",1]]', []],
    ['[["body/hemor-cream",500]]', [{ key: CREAM, qty: 99 }]],
    ['[["body/hemor-cream",2],["body/hemor-cream",3]]', [{ key: CREAM, qty: 5 }]],
    ['[["body/hemor-cream",1,"extra"]]', []],
    ["x".repeat(5000), []],
  ])("reads %p defensively", (stored, expected) => {
    expect(deserializeCart(stored, known)).toEqual(expected);
  });

  it("reads a bounded amount: a long list only in part, an over-long cookie not at all", () => {
    const entries = (count: number) =>
      JSON.stringify(Array.from({ length: count }, () => [CREAM, 1]));
    expect(deserializeCart(entries(60), known)).toEqual([{ key: CREAM, qty: MAX_CART_LINES * 2 }]);
    expect(deserializeCart(entries(500), known)).toEqual([]);
  });
});

describe("posted cart changes", () => {
  const post = (cart: Cart, fields: Record<string, string>) => {
    const form = new URLSearchParams(fields);
    const intent = form.get("intent");
    if (!isCartIntent(intent)) throw new Error("bad intent");
    return applyCartIntent(rules, cart, intent, form);
  };

  it("accepts only the six intents", () => {
    for (const intent of ["add", "set", "increment", "decrement", "remove", "clear"]) {
      expect(isCartIntent(intent)).toBe(true);
    }
    for (const intent of ["ADD", "delete", "", null, "toString"]) {
      expect(isCartIntent(intent)).toBe(false);
    }
  });

  it("sets a typed quantity, removes on empty or 0, refuses letters and changes nothing", () => {
    const cart: Cart = [{ key: CREAM, qty: 1 }];
    expect(post(cart, { intent: "set", key: CREAM, quantity: "3" })).toMatchObject({
      ok: true,
      cart: [{ key: CREAM, qty: 3 }],
    });
    expect(post(cart, { intent: "set", key: CREAM, quantity: "" })).toMatchObject({
      ok: true,
      cart: [],
    });
    expect(post(cart, { intent: "set", key: CREAM, quantity: "0" })).toMatchObject({
      ok: true,
      cart: [],
    });
    expect(post(cart, { intent: "set", key: CREAM, quantity: "three" })).toEqual({
      ok: false,
      error: "badQuantity",
    });
  });

  it("reads a quantity typed in Arabic-Indic or Persian digits; one that is not a number changes nothing", async () => {
    const { readTypedQuantity } = await import("~/cart/cart.server");
    const typed = (quantity: string) =>
      applyCartIntent(
        rules,
        [{ key: CREAM, qty: 1 }],
        "set",
        readTypedQuantity(new URLSearchParams({ intent: "set", key: CREAM, quantity })),
      );
    expect(typed("٣")).toMatchObject({ ok: true, cart: [{ key: CREAM, qty: 3 }] });
    expect(typed("۱۲")).toMatchObject({ ok: true, cart: [{ key: CREAM, qty: 12 }] });
    expect(typed(" ٠ ")).toMatchObject({ ok: true, cart: [] });
    for (const quantity of ["abc", "٣x", "٣٫٥", "-٣"])
      expect(typed(quantity), quantity).toEqual({ ok: false, error: "badQuantity" });
    // The other fields are left as posted.
    const form = new URLSearchParams({ intent: "add", key: CREAM });
    expect(readTypedQuantity(form)).toBe(form);
  });

  it("counts from the quantity the shopper saw, so quick presses are never lost or doubled", () => {
    // The server still holds 1 while the shopper, having pressed plus once, sees 2.
    expect(
      post([{ key: CREAM, qty: 1 }], { intent: "increment", key: CREAM, expected: "2" }),
    ).toMatchObject({
      cart: [{ key: CREAM, qty: 3 }],
    });
    expect(
      post([{ key: CREAM, qty: 5 }], { intent: "decrement", key: CREAM, expected: "1" }),
    ).toMatchObject({
      cart: [],
    });
    // A hostile "expected" is ignored.
    expect(
      post([{ key: CREAM, qty: 2 }], { intent: "increment", key: CREAM, expected: "-7" }),
    ).toMatchObject({
      cart: [{ key: CREAM, qty: 3 }],
    });
  });

  it("clears the cart", () => {
    expect(post([{ key: CREAM, qty: 2 }], { intent: "clear" })).toMatchObject({
      ok: true,
      cart: [],
    });
  });
});
