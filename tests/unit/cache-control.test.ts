import { describe, expect, it } from "vitest";
import { pageCacheControl } from "~/platform/security.server";

const cacheControl = (path: string, method = "GET") =>
  pageCacheControl(new Request(`http://shop.test${path}`, { method }));

describe("how long a browser keeps a page", () => {
  it("keeps shopper pages for the back button, asking again before any other reuse", () => {
    for (const path of [
      "/",
      "/catalog",
      "/catalog/body/hemor-cream?lng=en",
      "/cart",
      "/checkout",
      "/catalog/body/hemor-cream.data",
      "/_root.data",
      "/no-such-page",
    ]) {
      expect(cacheControl(path), path).toBe("private, no-cache");
    }
    expect(cacheControl("/cart", "HEAD")).toBe("private, no-cache");
  });

  it("stores no thank-you page, however its address is written", () => {
    for (const path of [
      "/checkout/thanks",
      "/checkout/thanks/",
      "/checkout/thanks?lng=ka",
      "/checkout/thanks.data",
      "/Checkout/Thanks",
      "/checkout/%74hanks",
      "//checkout//thanks",
    ]) {
      expect(cacheControl(path), path).toBe("private, no-store");
    }
  });

  it("stores no answer to a submission", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(cacheControl("/checkout", method)).toBe("private, no-store");
      expect(cacheControl("/cart.data", method)).toBe("private, no-store");
    }
  });

  it("stores nothing of the desk anywhere", () => {
    for (const path of [
      "/desk",
      "/desk/orders/000042",
      "/desk.data",
      "/desk/sign-in",
      "/Desk/Orders/000042",
      "/%64esk",
    ]) {
      expect(cacheControl(path), path).toBe("no-store");
      expect(cacheControl(path, "POST"), path).toBe("no-store");
    }
  });
});
