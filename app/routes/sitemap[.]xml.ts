import type { LoaderFunctionArgs } from "@remix-run/node";
import { type Catalog, productHref, visibleProducts } from "~/catalog/model";
import { languages } from "~/i18n/languages";
import { shop } from "~/shop.server";
import { fixedPaths } from "~/ui/site";

/** Every public page, in every language, with its alternates: the products shoppers see now. */
export function sitemapPaths(catalog: Catalog): string[] {
  return [...fixedPaths, ...visibleProducts(catalog).map(productHref)];
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

export async function loader({ request }: LoaderFunctionArgs) {
  const origin = shop.origin(request);
  const urls = sitemapPaths(shop.content().catalog).flatMap((path) => {
    const alternates = languages
      .map(
        (alternate) =>
          `    <xhtml:link rel="alternate" hreflang="${alternate.htmlLang}" href="${escapeXml(`${origin}${path}?lng=${alternate.code}`)}"/>`,
      )
      .join("\n");
    return languages.map(
      (language) =>
        `  <url>\n    <loc>${escapeXml(`${origin}${path}?lng=${language.code}`)}</loc>\n${alternates}\n  </url>`,
    );
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join("\n")}
</urlset>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
