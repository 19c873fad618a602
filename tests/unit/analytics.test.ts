import { describe, expect, it } from "vitest";
import { type AnalyticsWindow, type Purchase, reportPurchaseOnce } from "~/analytics/events";

const purchase: Purchase = {
  transaction_id: "004321",
  value: 200,
  shipping: 0,
  currency: "GEL",
  items: [{ item_id: "body/hemor-cream", item_name: "Мазь от геморроя", price: 100, quantity: 2 }],
};

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

const events = (target: AnalyticsWindow) =>
  (target.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));

describe("purchase analytics (D14)", () => {
  it("pushes GA4 purchase and the Ads conversion once per order", () => {
    const target: AnalyticsWindow = {};
    const storage = memoryStorage();
    const ids = { gaMeasurementId: "G-TEST123", adsConversionSendTo: "AW-123456/abc" };
    expect(reportPurchaseOnce(target, storage, purchase, ids)).toBe(true);
    expect(reportPurchaseOnce(target, storage, purchase, ids)).toBe(false);
    expect(events(target)).toEqual([
      ["event", "purchase", purchase],
      [
        "event",
        "conversion",
        { send_to: "AW-123456/abc", value: 200, currency: "GEL", transaction_id: "004321" },
      ],
    ]);
  });

  it("skips the conversion when no Ads target is configured", () => {
    const target: AnalyticsWindow = {};
    reportPurchaseOnce(target, memoryStorage(), purchase, {
      gaMeasurementId: null,
      adsConversionSendTo: null,
    });
    expect(events(target).map((event) => event[1])).toEqual(["purchase"]);
  });

  it("reports another order, and still reports when storage refuses", () => {
    const target: AnalyticsWindow = {};
    const storage = memoryStorage();
    const ids = { gaMeasurementId: null, adsConversionSendTo: null };
    reportPurchaseOnce(target, storage, purchase, ids);
    reportPurchaseOnce(target, storage, { ...purchase, transaction_id: "000007" }, ids);
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {},
    };
    reportPurchaseOnce(target, broken, { ...purchase, transaction_id: "000008" }, ids);
    expect(events(target).map((event) => (event[2] as Purchase).transaction_id)).toEqual([
      "004321",
      "000007",
      "000008",
    ]);
  });
});
