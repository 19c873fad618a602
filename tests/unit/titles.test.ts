import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { createCartCookies } from "~/cart/cart.server";
import { fixedT } from "~/i18n/instance.server";
import { languageCodes } from "~/i18n/languages";
import { pageTitle } from "~/ui/meta";
import { freshPostgresUrl, testEngine } from "./support/database";

// The loaders run against a database of their own.
process.env.DATABASE_PATH = join(mkdtempSync(join(tmpdir(), "shop-titles-")), "shop.sqlite");

const LOCALES = join(import.meta.dirname, "../../app/locales");

type Dictionary = { [key: string]: string | Dictionary };

function text(language: string, namespace: string, path: string): string {
  let node: string | Dictionary = JSON.parse(
    readFileSync(join(LOCALES, language, `${namespace}.json`), "utf8"),
  );
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node[part] === undefined)
      throw new Error(`No text ${language} ${namespace}:${path}`);
    node = node[part];
  }
  if (typeof node !== "string") throw new Error(`Not a text: ${language} ${namespace}:${path}`);
  return node;
}

/** A product's title as a fresh install has it (the catalogue's seed, frozen with its migration). */
function seededTitle(language: string, slug: string): string {
  const seed: { products: { slug: string; texts: Record<string, { title: string }> }[] } =
    JSON.parse(
      readFileSync(
        join(import.meta.dirname, "../../migrations/20261124_0002_catalog.json"),
        "utf8",
      ),
    );
  const title = seed.products.find((product) => product.slug === slug)?.texts[language]?.title;
  if (!title) throw new Error(`No seeded title ${language} ${slug}`);
  return title;
}

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;

/** The document title a storefront page's loader gives, in a language. */
async function titleOf(
  route: string,
  path: string,
  language: string,
  params: Record<string, string> = {},
  cookie?: string,
): Promise<string> {
  const { loader } = (await import(`~/routes/${route}.tsx`)) as { loader: Loader };
  const headers = cookie ? { Cookie: cookie } : undefined;
  const request = new Request(`http://shop.test${path}?lng=${language}`, { headers });
  let result = await loader({ request, params, context: {} });
  // A 404 page answers with `data(value, { status })`.
  if (result && typeof result === "object" && "init" in result && "data" in result)
    result = result.data;
  return (result as { meta: { title: string } }).meta.title;
}

let cartCookie: string;

beforeAll(async () => {
  if (testEngine === "postgres") process.env.DATABASE_URL = await freshPostgresUrl();
  const cart = createCartCookies({ secure: false });
  cartCookie = (await cart.commit([{ key: "body/hemor-cream", qty: 1 }])).split(";")[0] ?? "";
});

describe("pageTitle, the one way a title is made", () => {
  it("adds the brand unless the heading names it, and leaves it out when asked", () => {
    const t = fixedT("en", "catalog");
    expect(pageTitle(t, "Our team")).toBe("Our team — Kolkhida");
    expect(pageTitle(t, "About Kolkhida")).toBe("About Kolkhida");
    expect(pageTitle(t, "Orders", { brand: false })).toBe("Orders");
  });
});

// The first language imports every storefront route (and the database behind them).
describe("the storefront's document titles", { timeout: 60_000 }, () => {
  it.each(languageCodes)(
    "%s: the page's heading and the brand, or the heading alone when it names the brand",
    async (language) => {
      const brand = text(language, "common", "brand.name");
      const branded = (namespace: string, key: string) =>
        `${text(language, namespace, key)} — ${brand}`;
      const pages: Array<[string, string, Record<string, string>, string]> = [
        ["_shop._index", "/", {}, text(language, "common", "pages.home.title")],
        ["_shop.about._index", "/about", {}, text(language, "pages", "about.title")],
        [
          "_shop.about.$section",
          "/about/team",
          { section: "team" },
          branded("common", "pages.team.title"),
        ],
        [
          "_shop.services.$service",
          "/services/gift",
          { service: "gift" },
          branded("common", "pages.gift.title"),
        ],
        ["_shop.catalog._index", "/catalog", {}, branded("catalog", "catalog.title")],
        [
          "_shop.catalog.$group._index",
          "/catalog/body",
          { group: "body" },
          branded("catalog", "groups.body.title"),
        ],
        [
          "_shop.catalog.$group.$slug",
          "/catalog/body/hemor-cream",
          { group: "body", slug: "hemor-cream" },
          `${seededTitle(language, "hemor-cream")} — ${brand}`,
        ],
        [
          "_shop.catalog.$group.$slug",
          "/catalog/body/nothing",
          { group: "body", slug: "nothing" },
          branded("catalog", "productNotFound.title"),
        ],
        ["_shop.catalog.404", "/catalog/404", {}, branded("catalog", "comingSoon.title")],
        ["_shop.privacy", "/privacy", {}, branded("pages", "privacy.title")],
        ["_shop.terms", "/terms", {}, branded("pages", "terms.title")],
        ["_shop.cart", "/cart", {}, branded("common", "pages.cart.title")],
        ["_shop.$", "/nowhere", { "*": "nowhere" }, branded("common", "notFound.title")],
      ];
      for (const [route, path, params, expected] of pages)
        expect(await titleOf(route, path, language, params), path).toBe(expected);
      expect(await titleOf("_shop.checkout", "/checkout", language, {}, cartCookie)).toBe(
        branded("common", "pages.checkout.title"),
      );
    },
  );

  it.each(languageCodes)("%s: an error page's title is its heading alone", async (language) => {
    const { loader } = (await import("~/root")) as { loader: Loader };
    const request = new Request(`http://shop.test/?lng=${language}`);
    const root = (await loader({ request, params: {}, context: {} })) as {
      data: { errorTitles: unknown };
    };
    expect(root.data.errorTitles).toEqual({
      notFound: text(language, "common", "notFound.title"),
      error: text(language, "common", "error.title"),
    });
  });
});
