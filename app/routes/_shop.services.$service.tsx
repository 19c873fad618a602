import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getPageMeta } from "~/i18n/page-meta.server";
import { shareable } from "~/platform/handle";
import { TitlePage } from "~/ui/TitlePage";
import { pageMetaTags } from "~/ui/meta";

const services = ["consult", "delivery", "care", "gift"];

export const handle = shareable;

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!params.service || !services.includes(params.service)) {
    throw new Response(null, { status: 404 });
  }
  const meta = await getPageMeta(request, params.service);
  return { meta, heading: meta.heading };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function Service() {
  const { heading } = useLoaderData<typeof loader>();
  return <TitlePage title={heading} />;
}
