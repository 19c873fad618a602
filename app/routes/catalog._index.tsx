import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getPageMeta } from "~/i18n/page-meta.server";
import { TitlePage } from "~/ui/TitlePage";
import { pageMetaTags } from "~/ui/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const meta = await getPageMeta(request, "catalog");
  return { meta, heading: meta.heading };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function Page() {
  const { heading } = useLoaderData<typeof loader>();
  return <TitlePage title={heading} />;
}
