import { describe, expect, it } from "vitest";
import { applyCartIntent, isCartIntent } from "~/cart/intents";
import {
  type Cart,
  addToCart,
  badgeText,
  decrement,
  deserializeCart,
  digitsOnly,
  increment,
  normalizeQuantity,
  parseTypedQuantity,
  priceCart,
  removeLine,
  setQuantity,
  storedCart,
} from "~/cart/model";
import { MAX_CART_LINES } from "~/constants";

const CREAM = "body/hemor-cream";

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

  it("keeps only digits of what was typed", () => {
    expect(digitsOnly("1a2 3-")).toBe("123");
    expect(digitsOnly("+-.,e")).toBe("");
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
    let cart = cartOf(addToCart([], CREAM));
    expect(cart).toEqual([{ key: CREAM, qty: 1 }]);
    cart = cartOf(addToCart(cart, CREAM, 3));
    expect(cart).toEqual([{ key: CREAM, qty: 4 }]);
  });

  it("caps a line at 99 and says so", () => {
    const result = addToCart([{ key: CREAM, qty: 98 }], CREAM, 5);
    expect(result).toEqual({ ok: true, cart: [{ key: CREAM, qty: 99 }], limited: true });
  });

  it("plus adds one; minus takes one and removes the line at 0", () => {
    let cart = cartOf(increment([{ key: CREAM, qty: 1 }], CREAM));
    expect(cart).toEqual([{ key: CREAM, qty: 2 }]);
    cart = cartOf(decrement(cart, CREAM));
    expect(cart).toEqual([{ key: CREAM, qty: 1 }]);
    cart = cartOf(decrement(cart, CREAM));
    expect(cart).toEqual([]);
  });

  it("sets a quantity; 0 or less removes the line", () => {
    expect(cartOf(setQuantity([{ key: CREAM, qty: 1 }], CREAM, 5))).toEqual([
      { key: CREAM, qty: 5 },
    ]);
    expect(cartOf(setQuantity([{ key: CREAM, qty: 1 }], CREAM, 0))).toEqual([]);
    expect(cartOf(setQuantity([{ key: CREAM, qty: 1 }], CREAM, -3))).toEqual([]);
    expect(setQuantity([{ key: CREAM, qty: 1 }], CREAM, Number.NaN)).toEqual({
      ok: false,
      error: "badQuantity",
    });
  });

  it("removes a line", () => {
    expect(cartOf(removeLine([{ key: CREAM, qty: 3 }], CREAM))).toEqual([]);
  });

  it("refuses unknown and coming-soon products", () => {
    expect(addToCart([], "body/lotion")).toEqual({ ok: false, error: "unknownProduct" });
    expect(addToCart([], "__proto__")).toEqual({ ok: false, error: "unknownProduct" });
    expect(addToCart([], "body/burn-cream")).toEqual({ ok: false, error: "notOrderable" });
    expect(setQuantity([], "face/acne-cream", 2)).toEqual({ ok: false, error: "notOrderable" });
  });

  it("shows 9+ on the badge above 9 distinct products", () => {
    expect(badgeText(0)).toBe("0");
    expect(badgeText(9)).toBe("9");
    expect(badgeText(10)).toBe("9+");
  });
});

describe("prices come from the catalogue only (D5)", () => {
  it("prices lines and the total in tetri", () => {
    const priced = priceCart([{ key: CREAM, qty: 3 }]);
    expect(priced.total).toBe(30000);
    expect(priced.count).toBe(1);
    expect(priced.lines[0]).toMatchObject({
      key: CREAM,
      qty: 3,
      unitPrice: 10000,
      subtotal: 30000,
    });
  });

  it("drops lines that are not for sale", () => {
    const priced = priceCart([
      { key: "body/burn-cream", qty: 1 },
      { key: "nope/nothing", qty: 2 },
    ]);
    expect(priced).toEqual({ lines: [], total: 0, count: 0 });
  });

  it("ignores a forged price field in a posted change", () => {
    const fields = new URLSearchParams({ intent: "add", key: CREAM, price: "1", subtotal: "1" });
    const cart = cartOf(applyCartIntent([], "add", fields));
    expect(JSON.stringify(storedCart(cart))).toBe('[["body/hemor-cream",1]]');
    expect(priceCart(cart).total).toBe(10000);
  });
});

describe("the stored cart (D4)", () => {
  it("round-trips keys and quantities", () => {
    const cart: Cart = [{ key: CREAM, qty: 4 }];
    expect(deserializeCart(JSON.stringify(storedCart(cart)))).toEqual(cart);
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
    expect(deserializeCart(stored)).toEqual(expected);
  });

  it("reads a bounded amount: a long list only in part, an over-long cookie not at all", () => {
    const entries = (count: number) =>
      JSON.stringify(Array.from({ length: count }, () => [CREAM, 1]));
    expect(deserializeCart(entries(60))).toEqual([{ key: CREAM, qty: MAX_CART_LINES * 2 }]);
    expect(deserializeCart(entries(500))).toEqual([]);
  });
});

describe("posted cart changes", () => {
  const post = (cart: Cart, fields: Record<string, string>) => {
    const form = new URLSearchParams(fields);
    const intent = form.get("intent");
    if (!isCartIntent(intent)) throw new Error("bad intent");
    return applyCartIntent(cart, intent, form);
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
