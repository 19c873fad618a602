import type { LoaderFunctionArgs } from "@remix-run/node";
import { shop } from "~/shop.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const body = `User-agent: *
Allow: /
Disallow: /cart
Disallow: /checkout
Disallow: /desk
Disallow: /o/
Disallow: /track

Sitemap: ${shop.origin(request)}/sitemap.xml
`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
