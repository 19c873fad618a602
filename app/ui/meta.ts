import type { MetaDescriptor } from "@remix-run/node";

/** `meta` for routes whose loader returns `{ meta: { title, description } }`. */
export function pageMetaTags({
  data,
}: {
  data?: { meta?: { title: string; description: string } } | null;
}): MetaDescriptor[] {
  if (!data?.meta) return [];
  return [
    { title: data.meta.title },
    { name: "description", content: data.meta.description },
    { property: "og:title", content: data.meta.title },
    { property: "og:description", content: data.meta.description },
  ];
}
