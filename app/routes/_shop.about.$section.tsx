import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getPageMeta } from "~/i18n/page-meta.server";
import { shareable } from "~/platform/handle";
import { TitlePage } from "~/ui/TitlePage";
import { pageMetaTags } from "~/ui/meta";

const sections = ["history", "team", "contacts"];

export const handle = shareable;

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!params.section || !sections.includes(params.section)) {
    throw new Response(null, { status: 404 });
  }
  const meta = await getPageMeta(request, params.section);
  return { meta, heading: meta.heading };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function AboutSection() {
  const { heading } = useLoaderData<typeof loader>();
  return <TitlePage title={heading} />;
}
