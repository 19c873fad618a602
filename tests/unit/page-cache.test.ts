import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHAREABLE_HEADER, createPageServer, shareableUrl } from "~/platform/page-cache.server";
import { createDatabase } from "../../db/connection";
import { countQueries } from "../../db/query-count";

const TBILISI_NOON = Date.UTC(2026, 10, 23, 8);
const DAY = 86_400_000;
const CART = `cart_v1=${encodeURIComponent('[["body/hemor-cream",1]]')}`;
/** The headers' settings of a shop without analytics or a proxy (the defaults). */
const security = {
  analytics: { gaMeasurementId: null, adsConversionSendTo: null },
  trustProxy: false,
};

let environment: typeof process.env.NODE_ENV;
beforeAll(() => {
  // The Content-Security-Policy is a production header.
  environment = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
});
afterAll(() => {
  process.env.NODE_ENV = environment;
});

interface Rendering {
  url: string;
  cookie: string | null;
}

/**
 * A stand-in for Remix: a page with inline scripts that carry a fresh nonce, marked
 * shareable as entry.server marks it, showing the cookie it was rendered for.
 */
function shop(
  answer: (request: Request) => { status?: number; headers?: Record<string, string> } = () => ({}),
) {
  const renderings: Rendering[] = [];
  let now = TBILISI_NOON;
  let revision = 1;
  let count = 0;
  const server = createPageServer({
    build: "build-1",
    revision: () => revision,
    clock: () => now,
    maxBytes: 1024 * 1024,
    security,
    async render(request) {
      count += 1;
      const nonce = `nonce${count}abc==`;
      renderings.push({ url: request.url, cookie: request.headers.get("Cookie") });
      await new Promise((resolve) => setTimeout(resolve, 5));
      const { status = 200, headers = {} } = answer(request);
      if (new URL(request.url).pathname.endsWith(".data")) {
        // Single fetch's data: no entry.server, so no mark and no policy.
        return new Response(
          `[{"for":"${request.headers.get("Cookie") ?? "anyone"}","url":"${request.url}"}]`,
          {
            status,
            headers: { "Content-Type": "text/x-script; charset=utf-8", ...headers },
          },
        );
      }
      const body = `<!DOCTYPE html><html><head><script type="application/ld+json">{"a":1}</script></head><body><p>for ${request.headers.get("Cookie") ?? "anyone"} at ${new URL(request.url).pathname}</p><script nonce="${nonce}">window.__context = {"n":${count % 1}};</script><script nonce="${nonce}" type="module" async="">import "/assets/entry.js";</script></body></html>`;
      return new Response(body, {
        status,
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Content-Security-Policy": `default-src 'self'; script-src 'self' 'nonce-${nonce}'`,
          "Cache-Control": "private, no-cache",
          [SHAREABLE_HEADER]: "1",
          ...headers,
        },
      });
    },
  });
  return {
    renderings,
    get: (path: string, headers: Record<string, string> = {}) =>
      server(new Request(`http://shop.test${path}`, { headers }), {}),
    tomorrow() {
      now += DAY;
    },
    ownerChangedSomething() {
      revision += 1;
    },
    server,
  };
}

async function text(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get("Content-Encoding");
  if (encoding === "br") return brotliDecompressSync(bytes).toString();
  if (encoding === "gzip") return gunzipSync(bytes).toString();
  return bytes.toString();
}

function outcome(response: Response): string | undefined {
  return response.headers.get("Server-Timing")?.match(/cache;desc="(\w+)"/)?.[1];
}

describe("pages the same for everyone, from memory", () => {
  it("renders a first visitor's page once, then answers the next visitors from memory", async () => {
    const { get, renderings } = shop();
    const first = await get("/catalog/body/hemor-cream");
    const second = await get("/catalog/body/hemor-cream");
    expect(outcome(first)).toBe("miss");
    expect(outcome(second)).toBe("hit");
    expect(renderings).toHaveLength(1);
    expect(await text(second)).toBe(await text(first));
    expect(first.headers.get("Server-Timing")).toMatch(/loader;dur=|render;dur=|cache/);
  });

  it("keeps a page with a cart for visitors with that very cart, and no one else", async () => {
    const { get, renderings } = shop();
    const TWO = `cart_v1=${encodeURIComponent('[["body/hemor-cream",2]]')}`;
    const withCart = await get("/", { Cookie: `lng=en; ${CART}` });
    expect(outcome(withCart)).toBe("miss");
    const page = await text(withCart);
    expect(page).toContain("cart_v1");
    // A stranger, a visitor with another cart and one with the same cart in another
    // language each get their own page.
    const stranger = await get("/");
    expect(await text(stranger)).not.toContain("cart_v1");
    const other = await get("/", { Cookie: `lng=en; ${TWO}` });
    expect(outcome(other)).toBe("miss");
    expect(await text(other)).toContain(encodeURIComponent('[["body/hemor-cream",2]]'));
    expect(outcome(await get("/", { Cookie: CART }))).toBe("miss");
    // The same cart and language again: from memory, the same page.
    const again = await get("/", { Cookie: `${CART}; lng=en; _ga=GA1.1.1` });
    expect(outcome(again)).toBe("hit");
    expect(await text(again)).toBe(page);
    expect(renderings.map((rendering) => rendering.cookie)).toEqual([
      `lng=en; ${CART}`,
      null,
      `lng=en; ${TWO}`,
      CART,
    ]);
  });

  it("never lets carts push out the pages of first visitors", async () => {
    const { get, renderings } = shop();
    await get("/catalog");
    for (let qty = 1; qty <= 60; qty++)
      await get("/catalog", {
        Cookie: `cart_v1=${encodeURIComponent(`[["body/hemor-cream",${qty}]]`)}`,
      });
    expect(outcome(await get("/catalog"))).toBe("hit");
    expect(renderings).toHaveLength(61);
  });

  it("keeps a page's data for navigations on the page's rules, once its page was kept", async () => {
    const { get, renderings } = shop();
    const DATA = "/catalog.data?_routes=routes%2F_shop.catalog._index";
    // Whether every route of the page may be shared is known once the page is rendered.
    expect(outcome(await get(DATA))).toBe("bypass");
    await get("/catalog");
    const first = await get(DATA);
    expect(outcome(first)).toBe("miss");
    const second = await get(DATA, { "Accept-Encoding": "gzip" });
    expect(outcome(second)).toBe("hit");
    expect(second.headers.get("Content-Type")).toMatch(/^text\/x-script/);
    expect(second.headers.get("Content-Encoding")).toBe("gzip");
    expect(second.headers.has("Content-Security-Policy")).toBe(false);
    expect(await text(second)).toContain('"for":"anyone"');
    // Other routes asked for, or another cart: answered for what they are.
    expect(outcome(await get("/catalog.data?_routes=root"))).toBe("miss");
    const carted = await get(DATA, { Cookie: CART });
    expect(outcome(carted)).toBe("miss");
    expect(await text(carted)).toContain("cart_v1");
    expect(renderings.filter((rendering) => rendering.url.includes(".data"))).toHaveLength(4);
  });

  it("never keeps data that redirects or fails, nor data of a page that is not kept", async () => {
    const { get } = shop((request): { headers?: Record<string, string> } =>
      request.url.includes("/about")
        ? { headers: { [SHAREABLE_HEADER]: "" } }
        : request.url.includes("/gone.data")
          ? { headers: { "X-Remix-Redirect": "/catalog" } }
          : {},
    );
    await get("/about");
    await get("/about.data");
    expect(outcome(await get("/about.data"))).toBe("bypass");
    await get("/gone");
    await get("/gone.data");
    expect(outcome(await get("/gone.data"))).toBe("bypass");
  });

  it("leaves out a page that sets a cookie, is not marked shareable, or is not a 200", async () => {
    for (const headers of <Record<string, string>[]>[
      { "Set-Cookie": "toast=1; Path=/" },
      { [SHAREABLE_HEADER]: "" },
      { "Content-Type": "application/json" },
    ]) {
      const { get, renderings } = shop(() => ({ headers }));
      await get("/about");
      const second = await get("/about");
      expect(outcome(second) ?? "none").not.toBe("hit");
      expect(second.headers.has(SHAREABLE_HEADER)).toBe(false);
      expect(renderings).toHaveLength(2);
    }
    const { get, renderings } = shop(() => ({ status: 404 }));
    await get("/nowhere");
    expect((await get("/nowhere")).status).toBe(404);
    expect(renderings).toHaveLength(2);
  });

  it("shares no nonce: scripts are allowed by the hashes of their exact text", async () => {
    const { get } = shop();
    const miss = await get("/");
    const hit = await get("/");
    for (const response of [miss, hit]) {
      const html = await text(response);
      const csp = response.headers.get("Content-Security-Policy") ?? "";
      expect(html).not.toContain("nonce");
      expect(csp).not.toContain("nonce");
      const scripts = [
        ...html.matchAll(
          /<script>([\s\S]*?)<\/script>|<script type="module" async="">([\s\S]*?)<\/script>/g,
        ),
      ];
      expect(scripts).toHaveLength(2);
      for (const [, classic, module] of scripts) {
        const hash = createHash("sha256")
          .update(classic ?? module ?? "")
          .digest("base64");
        expect(csp).toContain(`'sha256-${hash}'`);
      }
    }
    expect(hit.headers.get("Content-Security-Policy")).toBe(
      miss.headers.get("Content-Security-Policy"),
    );
  });

  it("keys pages by language and renders the address without advertising tags", async () => {
    const { get, renderings } = shop();
    await get("/catalog?utm_source=ads&gclid=abc");
    expect(renderings[0]?.url).toBe("http://shop.test/catalog");
    expect(outcome(await get("/catalog?fbclid=x"))).toBe("hit");
    expect(outcome(await get("/catalog", { Cookie: "lng=en" }))).toBe("miss");
    expect(outcome(await get("/catalog", { Cookie: "lng=en; _ga=GA1.1.1" }))).toBe("hit");
    expect(outcome(await get("/catalog", { "Accept-Language": "ka-GE,ka;q=0.9" }))).toBe("miss");
    // A query a page reads (the gallery's photo) is rendered for that request.
    expect(outcome(await get("/catalog/body/hemor-cream?photo=2"))).toBe("bypass");
    expect(outcome(await get("/catalog?lng=de"))).toBe("bypass");
  });

  it("remembers where a visit came from on the answer alone, never in the stored page", async () => {
    const { get } = shop();
    const landed = await get("/catalog?utm_source=instagram&utm_campaign=winter");
    expect(landed.headers.get("Set-Cookie")).toMatch(/^origin=instagram\|\|winter; Path=\//);
    // The next visitor gets the same page from memory, and no cookie of anyone else's.
    const next = await get("/catalog");
    expect(outcome(next)).toBe("hit");
    expect(next.headers.get("Set-Cookie")).toBeNull();
    // One who carries it still shares the stored page, and the first origin stays.
    const returning = await get("/catalog?utm_source=tiktok", {
      Cookie: "origin=instagram||winter",
    });
    expect(outcome(returning)).toBe("hit");
    expect(returning.headers.get("Set-Cookie")).toBeNull();
    const referred = await get("/catalog", { Referer: "https://www.facebook.com/" });
    expect(referred.headers.get("Set-Cookie")).toMatch(/^origin=facebook\.com\|referral\|;/);
  });

  it("renders again on the shop's next day", async () => {
    const { get, tomorrow, renderings } = shop();
    await get("/");
    await get("/");
    tomorrow();
    expect(outcome(await get("/"))).toBe("miss");
    expect(renderings).toHaveLength(2);
  });

  it("never serves a page rendered before an owner's change after it", async () => {
    const { get, ownerChangedSomething, renderings } = shop();
    await get("/catalog");
    expect(outcome(await get("/catalog"))).toBe("hit");
    ownerChangedSomething();
    expect(outcome(await get("/catalog"))).toBe("miss");
    expect(renderings).toHaveLength(2);
  });

  it("renders a page once for a burst of first visitors", async () => {
    const { get, renderings } = shop();
    const answers = await Promise.all(Array.from({ length: 20 }, () => get("/")));
    expect(renderings).toHaveLength(1);
    expect(new Set(await Promise.all(answers.map(text))).size).toBe(1);
  });

  it("answers in the encoding the browser takes, and 304 to a page it holds", async () => {
    const { get } = shop();
    const identity = await text(await get("/"));
    const br = await get("/", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(await text(br)).toBe(identity);
    const gzip = await get("/", { "Accept-Encoding": "gzip, br;q=0" });
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    expect(await text(gzip)).toBe(identity);
    const plain = await get("/", { "Accept-Encoding": "identity" });
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(Number(plain.headers.get("Content-Length"))).toBe(Buffer.byteLength(identity));
    const etag = br.headers.get("ETag") ?? "";
    const again = await get("/", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("keeps within its size bound, and keeps nothing at 0", async () => {
    const renderings: string[] = [];
    const render = async (request: Request) => {
      renderings.push(request.url);
      return new Response("x".repeat(4000) + Math.random(), {
        headers: { "Content-Type": "text/html", [SHAREABLE_HEADER]: "1" },
      });
    };
    const small = createPageServer({
      build: "b",
      revision: () => 1,
      clock: () => TBILISI_NOON,
      maxBytes: 10_000,
      render,
      security,
    });
    for (const path of ["/a", "/b", "/c", "/d"])
      await small(new Request(`http://shop.test${path}`), {});
    expect(small.size).toBeLessThan(4);
    const none = createPageServer({
      build: "b",
      revision: () => 1,
      clock: () => TBILISI_NOON,
      maxBytes: 0,
      render,
      security,
    });
    await none(new Request("http://shop.test/a"), {});
    expect(outcome(await none(new Request("http://shop.test/a"), {}))).toBe("bypass");
    expect(none.size).toBe(0);
  });
});

/** A request's head as the server makes it from Node's request: no Fetch Request. */
function head(path: string, headers: Record<string, string> = {}, method = "GET") {
  const lower = new Map(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return {
    method,
    url: `http://shop.test${path}`,
    headers: {
      get: (name: string) => lower.get(name.toLowerCase()) ?? null,
      has: (name: string) => lower.has(name.toLowerCase()),
    },
  };
}

describe("answers from memory without a Fetch Request (the server's fast path)", () => {
  it("gives the very answer the page server gives from memory, and nothing it would not", async () => {
    const { get, server } = shop();
    const headers = { Cookie: `lng=en; ${CART}`, "Accept-Encoding": "gzip" };
    expect(await server.fromMemory(head("/", headers))).toBeNull();
    await get("/", headers);
    const hit = await get("/", headers);
    const kept = await server.fromMemory(head("/", headers));
    expect(kept?.status).toBe(200);
    expect(Object.fromEntries(kept?.headers ?? [])).toEqual(Object.fromEntries(hit.headers));
    expect(Buffer.from(kept?.body ?? []).equals(Buffer.from(await hit.arrayBuffer()))).toBe(true);

    // Another cart, a session or a toast, a form, an unknown page: not from memory.
    const TWO = `cart_v1=${encodeURIComponent('[["body/hemor-cream",2]]')}`;
    expect(await server.fromMemory(head("/", { Cookie: `lng=en; ${TWO}` }))).toBeNull();
    expect(
      await server.fromMemory(head("/", { Cookie: `${headers.Cookie}; __session=x` })),
    ).toBeNull();
    expect(await server.fromMemory(head("/", headers, "POST"))).toBeNull();
    expect(await server.fromMemory(head("/about", headers))).toBeNull();
    expect(
      await server.fromMemory(head("/", { ...headers, Authorization: "Basic eA==" })),
    ).toBeNull();
  });

  it("answers 304 to the page the browser holds, no body to a HEAD, and remembers a visit's origin", async () => {
    const { get, server } = shop();
    const first = await get("/catalog");
    const etag = first.headers.get("ETag") ?? "";
    const unchanged = await server.fromMemory(head("/catalog", { "If-None-Match": etag }));
    expect(unchanged?.status).toBe(304);
    expect(unchanged?.body).toBeNull();
    const peek = await server.fromMemory(head("/catalog", {}, "HEAD"));
    expect(peek?.status).toBe(200);
    expect(peek?.body).toBeNull();
    expect(peek?.headers.get("Content-Length")).toBe(String(Buffer.byteLength(await text(first))));
    const linked = await server.fromMemory(
      head("/catalog?utm_source=flyer&utm_medium=print", { Referer: "https://elsewhere.test/" }),
    );
    expect(linked?.headers.get("Set-Cookie")).toMatch(/^origin=/);
    expect((await server.fromMemory(head("/catalog")))?.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("which requests may be shared", () => {
  const may = (url: string, headers: Record<string, string> = {}, method = "GET") =>
    shareableUrl(new Request(url, { headers, method })) !== null;

  it("only a plain read by a visitor who carries nothing of their own", () => {
    expect(may("http://shop.test/")).toBe(true);
    expect(may("http://shop.test/", { Cookie: "lng=ka" })).toBe(true);
    expect(may("http://shop.test/", { Cookie: CART })).toBe(true);
    expect(may("http://shop.test/", { Cookie: `${CART}; ${CART}` })).toBe(false);
    expect(may("http://shop.test/", { Cookie: `cart_v1=${"x".repeat(601)}` })).toBe(false);
    expect(may("http://shop.test/", { Cookie: "lng=ka; __Host-desk=abc" })).toBe(false);
    expect(may("http://shop.test/", { Cookie: "__session=abc" })).toBe(false);
    expect(may("http://shop.test/", { Authorization: "Basic eDp5" })).toBe(false);
    expect(may("http://shop.test/cart", {}, "POST")).toBe(false);
    expect(may("http://shop.test/desk")).toBe(false);
    expect(may("http://shop.test/desk/orders/000001")).toBe(false);
    expect(may("http://shop.test/catalog.data")).toBe(true);
    expect(may("http://shop.test/_root.data?_routes=root")).toBe(true);
    expect(may("http://shop.test/catalog.data?page=2")).toBe(false);
    expect(may("http://shop.test/Catalog.data")).toBe(false);
    expect(may("http://shop.test/desk.data")).toBe(false);
    expect(may("http://shop.test/desk/orders/000001.data")).toBe(false);
    // Other spellings of a page's address are rendered for that request, never stored.
    expect(may("http://shop.test/catalog")).toBe(true);
    for (const spelling of ["/Catalog", "/catalog/", "/%63atalog", "//catalog"])
      expect(may(`http://shop.test${spelling}`)).toBe(false);
  });
});

describe("the database off the hot path", () => {
  it("counts each request's own queries, for Server-Timing", async () => {
    const db = createDatabase(":memory:");
    try {
      const ask = () => sql`select 1`.execute(db);
      const [one, two] = await Promise.all([
        countQueries(async () => {
          await ask();
          await new Promise((resolve) => setTimeout(resolve, 5));
          await ask();
        }),
        countQueries(ask),
      ]);
      expect(one.queries).toBe(2);
      expect(two.queries).toBe(1);
      await ask();
      expect((await countQueries(async () => "nothing")).queries).toBe(0);
    } finally {
      await db.destroy();
    }
  });

  it("tells in Server-Timing that a page from memory made no query", async () => {
    const { get } = shop();
    const first = await get("/about");
    expect(first.headers.get("Server-Timing")).toContain('db;desc="0 queries"');
    const second = await get("/about");
    expect(outcome(second)).toBe("hit");
    expect(second.headers.get("Server-Timing")).toContain('db;desc="0 queries"');
  });
});
