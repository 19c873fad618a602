import type { Page } from "@playwright/test";
import { seededTestimonials } from "../support/seeded-testimonials";
import { text } from "./support/dictionary";
import { expect, test } from "./support/test";

const languages = ["ru", "en"] as const;

/** Prices as the page writes them, no-break spaces read as spaces. */
async function bodyText(page: Page): Promise<string> {
  return (await page.locator("body").innerText()).replace(/[\u00a0\u202f]/g, " ");
}

for (const lng of languages) {
  const t = (namespace: string, key: string) => text(lng, namespace, key);
  const price = lng === "ru" ? "100 ₾" : "₾100";

  test.describe(`storefront in ${lng}`, () => {
    test("home: three slides, headline, three lines, eight reviews", async ({ page }) => {
      await page.goto(`/?lng=${lng}`);
      for (const slide of ["nature", "wisdom", "technology"]) {
        // Slides out of view are hidden from assistive technology when scripts run.
        await expect(
          page.locator(".slide__title", { hasText: t("home", `slides.${slide}.title`) }),
        ).toBeAttached();
        await expect(page.getByText(t("home", `slides.${slide}.text`))).toBeAttached();
      }
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("home", "headline.title"));
      const lines = page.locator(".line-tile");
      await expect(lines).toHaveCount(3);
      await expect(lines.nth(0)).toHaveAttribute("href", "/catalog/body");
      await expect(lines.nth(1)).toHaveAttribute("href", "/catalog/404");
      await expect(lines.nth(2)).toHaveAttribute("href", "/catalog/404");
      const reviews = page.locator("#reviews .review");
      await expect(reviews).toHaveCount(8);
      // A fresh install's home page shows the eight testimonials it always had.
      const first = seededTestimonials[0]?.texts[lng];
      await expect(reviews.first()).toContainText(first?.name ?? "?");
      await expect(reviews.first()).toContainText(first?.text ?? "?");
      await expect(page.locator("#reviews")).not.toContainText(t("home", "reviews.verified"));
      await expect(
        reviews
          .first()
          .getByRole("img", { name: t("home", "reviews.rating").replace("{{rating}}", "5") }),
      ).toBeVisible();
      await expect(reviews.first().locator("img.review__avatar")).toHaveAttribute(
        "src",
        "/images/avatars/r1.svg",
      );
    });

    test("catalogue: every product with group, pictures, title, text and price", async ({
      page,
    }) => {
      await page.goto(`/catalog?lng=${lng}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        t("catalog", "catalog.title"),
      );
      await expect(page.getByText(t("catalog", "catalog.subtitle"))).toBeVisible();
      const cards = page.locator(".product-card");
      await expect(cards).toHaveCount(3);
      const cream = cards.filter({ hasText: t("catalog", "products.hemor-cream.title") });
      await expect(cream).toContainText(t("catalog", "groups.body.label"));
      await expect(cream).toContainText(t("catalog", "products.hemor-cream.short"));
      await expect(cream.locator(".price")).toHaveText(price.replace(" ", "\u00a0"));
      await expect(cream.locator("img")).toHaveCount(2);
      await expect(cards.filter({ hasText: t("catalog", "card.comingSoon") })).toHaveCount(2);
      expect(await bodyText(page)).not.toContain("$");
      await cream.getByRole("link", { name: t("catalog", "products.hemor-cream.title") }).click();
      await expect(page).toHaveURL(/\/catalog\/body\/hemor-cream$/);
    });

    test("a group page has its own title; an empty group says so and links back", async ({
      page,
    }) => {
      await page.goto(`/catalog/body?lng=${lng}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        t("catalog", "groups.body.title"),
      );
      await expect(page.getByText(t("catalog", "groups.body.subtitle"))).toBeVisible();
      await expect(page.locator(".product-card")).toHaveCount(2);

      await page.goto(`/catalog/suncare?lng=${lng}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        t("catalog", "groups.suncare.title"),
      );
      await expect(page.getByText(t("catalog", "emptyGroup.message"))).toBeVisible();
      await page.getByRole("link", { name: t("catalog", "emptyGroup.back") }).click();
      await expect(page).toHaveURL(/\/catalog$/);
    });

    test("the product page shows every fact of the ointment", async ({ page }) => {
      await page.goto(`/catalog/body/hemor-cream?lng=${lng}`);
      await expect(page).toHaveTitle(new RegExp(t("catalog", "products.hemor-cream.title")));
      const crumbs = page.getByRole("navigation", { name: t("catalog", "breadcrumbs.label") });
      await expect(crumbs.getByRole("link")).toHaveText([
        t("catalog", "breadcrumbs.home"),
        t("catalog", "breadcrumbs.catalog"),
        t("catalog", "groups.body.title"),
      ]);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        t("catalog", "products.hemor-cream.title"),
      );
      await expect(
        page.getByText(t("catalog", "products.hemor-cream.short")).first(),
      ).toBeVisible();
      await expect(page.locator(".product__price .price")).toHaveText(price.replace(" ", "\u00a0"));
      await expect(
        page.getByRole("button", { name: t("catalog", "product.addToCart") }),
      ).toBeVisible();

      // The description is open; the other sections open like any <details>, script or not.
      for (const paragraph of ["p1", "p2", "p3"]) {
        await expect(
          page.getByText(t("catalog", `products.hemor-cream.description.${paragraph}`)),
        ).toBeVisible();
      }
      for (const section of ["composition", "advantages", "usage"]) {
        await page.getByText(t("catalog", `product.sections.${section}`), { exact: true }).click();
      }
      await expect(page.locator(".specs")).toContainText(
        t("catalog", "product.specs.volumeValue").replace("{{volume}}", "8"),
      );
      await expect(page.locator(".specs")).toContainText(
        t("catalog", "products.hemor-cream.components"),
      );
      const survey = page.locator(".survey");
      await expect(survey).toContainText(t("catalog", "product.survey.caption"));
      for (const [id, percent] of [
        ["itching", 94],
        ["pain", 91],
        ["skin", 89],
        ["symptoms", 30],
      ] as const) {
        const row = survey
          .locator(".survey__item")
          .filter({ hasText: t("catalog", `products.hemor-cream.advantages.${id}`) });
        await expect(row.locator(".survey__value")).toHaveText(new RegExp(`^${percent}\\s?%$`));
      }
      await expect(page.locator(".steps li")).toHaveText(
        ["step1", "step2", "step3", "step4"].map((step) =>
          t("catalog", `products.hemor-cream.usage.${step}`),
        ),
      );
      await expect(page.locator(".warnings li")).toHaveText(
        ["allergy", "burning", "doctor"].map((warning) =>
          t("catalog", `products.hemor-cream.warnings.${warning}`),
        ),
      );

      const related = page.locator(".related .product-card");
      await expect(related).toHaveCount(2);
      expect(await bodyText(page)).not.toContain("$");
    });

    test("gallery thumbnails switch the picture", async ({ page }) => {
      await page.goto(`/catalog/body/hemor-cream?lng=${lng}`);
      const main = page.locator(".gallery__main");
      await expect(main).toHaveAttribute("src", "/images/products/hemor-cream-front.svg");
      await page
        .getByRole("link", { name: t("catalog", "product.showImage").replace("{{number}}", "2") })
        .click();
      await expect(main).toHaveAttribute("src", "/images/products/hemor-cream-open.svg");
      await expect(main).toHaveAttribute("alt", t("catalog", "products.hemor-cream.imageAlt.open"));
    });

    test("a coming-soon product cannot be added to the cart", async ({ page }) => {
      await page.goto(`/catalog/body/burn-cream?lng=${lng}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        t("catalog", "products.burn-cream.title"),
      );
      await expect(page.getByText(t("catalog", "product.comingSoonNotice"))).toBeVisible();
      await expect(
        page.getByRole("button", { name: t("catalog", "product.addToCart") }),
      ).toHaveCount(0);
    });

    test("an unknown product says so with a 404 and a link to the catalogue", async ({ page }) => {
      const response = await page.goto(`/catalog/body/no-such-cream?lng=${lng}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        t("catalog", "productNotFound.title"),
      );
      await expect(page.getByText(t("catalog", "productNotFound.hint"))).toBeVisible();
      await expect(
        page.getByRole("link", { name: t("catalog", "productNotFound.back") }),
      ).toHaveAttribute("href", "/catalog");
    });

    test("an unknown group is the 404 page", async ({ page }) => {
      const response = await page.goto(`/catalog/shoes?lng=${lng}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        t("common", "notFound.title"),
      );
    });

    test("/catalog/404 presents the coming-soon lines", async ({ page }) => {
      const response = await page.goto(`/catalog/404?lng=${lng}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        t("catalog", "comingSoon.title"),
      );
      await expect(
        page.getByRole("heading", { name: t("catalog", "comingSoon.firstAid.title") }),
      ).toBeVisible();
      await expect(
        page.getByRole("heading", { name: t("catalog", "comingSoon.face.title") }),
      ).toBeVisible();
      await expect(
        page.getByRole("link", { name: t("catalog", "comingSoon.back") }),
      ).toHaveAttribute("href", "/catalog");
    });

    test("about: title, subtitle, five paragraphs, three cards", async ({ page }) => {
      await page.goto(`/about?lng=${lng}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("pages", "about.title"));
      await expect(page.getByText(t("pages", "about.subtitle"))).toBeVisible();
      for (const paragraph of ["p1", "p2", "p3", "p4", "p5"]) {
        await expect(page.getByText(t("pages", `about.paragraphs.${paragraph}`))).toBeVisible();
      }
      await expect(page.locator(".about .card")).toHaveCount(3);
      await expect(page.locator(".about .card h2")).toHaveText(
        ["natural", "handmade", "experience"].map((card) =>
          t("pages", `about.cards.${card}.title`),
        ),
      );
    });

    test("privacy and terms say what is stored, why, how long and how to have it deleted", async ({
      page,
    }) => {
      await page.goto(`/privacy?lng=${lng}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("pages", "privacy.title"));
      for (const section of [
        "data",
        "purpose",
        "analytics",
        "access",
        "retention",
        "cookies",
        "rights",
      ]) {
        await expect(
          page.locator(".policy").getByRole("heading", {
            name: t("pages", `privacy.sections.${section}.title`),
            exact: true,
          }),
        ).toBeVisible();
      }
      await expect(page.locator(".policy")).toContainText("hello@kolkhida.ge");
      await expect(page.locator(".policy")).not.toContainText("{{");
      // The keeping times are the ones the retention sweep uses (KEEP_*_DAYS' defaults), and
      // the page says analytics is off and no SMS or email is sent, as on this server.
      const days = (count: number) =>
        t("pages", `privacy.days_${new Intl.PluralRules(lng).select(count)}`).replace(
          "{{count}}",
          String(count),
        );
      await expect(page.locator(".policy")).toContainText(days(1095));
      await expect(page.locator(".policy")).toContainText(days(365));
      await expect(page.locator(".policy")).toContainText(t("pages", "privacy.analyticsState.off"));
      await expect(page.locator(".policy")).toContainText(t("pages", "privacy.messagesState.off"));

      await page.goto(`/terms?lng=${lng}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("pages", "terms.title"));
      for (const section of ["orders", "payment", "delivery", "returns", "health", "contact"]) {
        await expect(
          page.locator(".policy").getByRole("heading", {
            name: t("pages", `terms.sections.${section}.title`),
            exact: true,
          }),
        ).toBeVisible();
      }
    });
  });
}

test.describe("search engines", () => {
  test("every page names its language versions and its canonical address", async ({ page }) => {
    await page.goto("/catalog/body/hemor-cream?lng=en");
    const alternates = page.locator('head link[rel="alternate"]');
    await expect(alternates).toHaveCount(10);
    await expect(page.locator('head link[rel="alternate"][hreflang="hy"]')).toHaveAttribute(
      "href",
      /\/catalog\/body\/hemor-cream\?lng=am$/,
    );
    await expect(page.locator('head link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
      "href",
      /\/catalog\/body\/hemor-cream$/,
    );
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
      "href",
      /\/catalog\/body\/hemor-cream\?lng=en$/,
    );
  });

  test("the product page carries Product structured data priced in GEL", async ({ page }) => {
    await page.goto("/catalog/body/hemor-cream?lng=en");
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json ?? "{}");
    expect(data["@type"]).toBe("Product");
    expect(data.name).toBe("Hemorrhoid ointment");
    expect(data.offers).toMatchObject({
      priceCurrency: "GEL",
      price: "100.00",
      availability: "https://schema.org/InStock",
    });
    expect(data.image[0]).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/images\/products\/hemor-cream-front\.svg$/,
    );
  });

  test("sitemap.xml lists every page in every language, robots.txt points to it", async ({
    request,
  }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    expect(xml.match(/<url>/g)).toHaveLength(19 * 9);
    expect(xml).toContain("/catalog/body/hemor-cream?lng=ka</loc>");
    expect(xml).toContain('hreflang="hy"');
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
  });
});
