import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getLocale } from "~/i18n/i18next.server";
import { shareable } from "~/platform/handle";
import { shop } from "~/shop.server";
import { TitlePage } from "~/ui/TitlePage";
import { pageMetaTags, pageTitle } from "~/ui/meta";

const services = ["consult", "delivery", "care", "gift"];

export const handle = shareable;

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!params.service || !services.includes(params.service)) {
    throw new Response(null, { status: 404 });
  }
  const t = shop.t(await getLocale(request), "common");
  const heading = t(`pages.${params.service}.title`);
  return {
    meta: { title: pageTitle(t, heading), description: t(`pages.${params.service}.description`) },
    heading,
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function Service() {
  const { heading } = useLoaderData<typeof loader>();
  return <TitlePage title={heading} />;
}
