import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HeaderSettings, applySecurityHeaders } from "~/platform/security.server";

let environment: typeof process.env.NODE_ENV;
beforeAll(() => {
  // The Content-Security-Policy is a production header.
  environment = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
});
afterAll(() => {
  process.env.NODE_ENV = environment;
});

const plain: HeaderSettings = {
  analytics: { gaMeasurementId: null, adsConversionSendTo: null },
  trustProxy: false,
};

function headersFor(settings: HeaderSettings, proto?: string): Headers {
  const headers = new Headers();
  const request = new Request("http://shop.test/", {
    headers: proto ? { "X-Forwarded-Proto": proto } : {},
  });
  applySecurityHeaders(headers, request, ["'nonce-abc'"], settings);
  return headers;
}

describe("the security headers take the settings they are given (D11)", () => {
  it("allows Google's hosts only when analytics is configured", () => {
    expect(headersFor(plain).get("Content-Security-Policy")).not.toContain("google");
    const ga = headersFor({
      ...plain,
      analytics: { gaMeasurementId: "G-TEST", adsConversionSendTo: null },
    }).get("Content-Security-Policy");
    expect(ga).toContain("https://www.googletagmanager.com");
    expect(ga).not.toContain("doubleclick");
    const ads = headersFor({
      ...plain,
      analytics: { gaMeasurementId: null, adsConversionSendTo: "AW-1/abc" },
    }).get("Content-Security-Policy");
    expect(ads).toContain("frame-src https://*.doubleclick.net");
  });

  it("asks for https from then on only behind a trusted proxy that saw https", () => {
    const trusted = { ...plain, trustProxy: true };
    expect(headersFor(trusted, "https").get("Strict-Transport-Security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(headersFor(trusted, "http").has("Strict-Transport-Security")).toBe(false);
    expect(headersFor(plain, "https").has("Strict-Transport-Security")).toBe(false);
  });
});
