import { describe, expect, it } from "vitest";
import { formOrigin } from "~/platform/security.server";

const post = (headers: Record<string, string>, method = "POST") =>
  new Request("http://shop.test/cart", { method, headers });

describe("where a submission comes from", () => {
  it("accepts the host the request was addressed to, as Remix compares it", () => {
    expect(formOrigin(post({ Host: "shop.test", Origin: "http://shop.test" }), null)).toBe(
      "same-site",
    );
    expect(
      formOrigin(
        post({ Host: "127.0.0.1:3000", "X-Forwarded-Host": "shop.ge", Origin: "https://shop.ge" }),
        null,
      ),
    ).toBe("same-site");
    // No Origin: not a browser's cross-site form.
    expect(formOrigin(post({ Host: "shop.test" }), null)).toBe("same-site");
  });

  it("accepts PUBLIC_URL when a proxy rewrote Host", () => {
    expect(
      formOrigin(post({ Host: "upstream:3000", Origin: "https://shop.ge" }), "https://shop.ge"),
    ).toBe("public-url");
  });

  it("refuses another site, an opaque origin and nonsense", () => {
    for (const origin of ["https://evil.example", "null", "not a url", "http://shop.test.evil"])
      expect(formOrigin(post({ Host: "shop.test", Origin: origin }), "https://shop.ge")).toBe(
        "cross-site",
      );
  });

  it("leaves reading alone", () => {
    expect(formOrigin(post({ Origin: "https://evil.example" }, "GET"), null)).toBe("same-site");
  });
});
