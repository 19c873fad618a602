import { hasOrders } from "~/catalog/edit.server";
import { findProduct, missingTexts, neededTexts, productKey } from "~/catalog/model";
import { priceText } from "~/catalog/product-form";
import { loadCatalog } from "~/content/store.server";
import { activityEntries } from "~/desk/activity.server";
import type { DeskContext } from "~/desk/context";
import { pageRevision } from "~/desk/revision.server";
import { getLocale } from "~/i18n/i18next.server";
import { getLanguage, languageCodes } from "~/i18n/languages";
import { pageTitle } from "~/ui/meta";

/** A product as its owner edits it (D32); its texts and photos each have a page of their own. */
export async function readProductEditor(
  shop: DeskContext,
  request: Request,
  params: { group?: string; slug?: string },
) {
  const language = await getLocale(request);
  const t = shop.t(language, "desk");
  const content = shop.content();
  const revision = await pageRevision(shop);
  // The owner reads the catalogue as stored now: orders take stock without a new revision.
  const catalog = await loadCatalog(shop.db);
  const key = productKey(params.group ?? "", params.slug ?? "");
  const product = findProduct(catalog, key);
  if (!product) throw new Response(null, { status: 404 });
  const { entries } = await activityEntries(
    shop.db,
    { subject: { type: "product", id: key }, limit: 10 },
    { content, language, label: (subject, id) => t(`activity.subjects.${subject}`, { id }) },
  );
  return {
    meta: {
      title: pageTitle(t, product.texts[language]?.title || key, { brand: false }),
      noindex: true,
    },
    product: {
      key,
      title: product.texts[language]?.title || key,
      group: product.group,
      slug: product.slug,
      status: product.status,
      price: priceText(product.price),
      volume: product.volumeMl?.toString() ?? "",
      stock: product.stock?.toString() ?? "",
      position: String(product.position),
      line: product.line ?? "",
      related: product.related,
      survey: product.survey.join("\n"),
      photos: product.photos.length,
    },
    locked: await hasOrders(shop.db, key),
    others: catalog.products
      .filter((other) => other.key !== key)
      .map((other) => ({ key: other.key, title: other.texts[language]?.title || other.key })),
    languages: languageCodes.map((code) => ({
      code,
      name: getLanguage(code).name,
      missing: missingTexts(product.texts[code], neededTexts("on_sale")),
    })),
    activity: entries,
    revision,
  };
}
