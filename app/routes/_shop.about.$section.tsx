import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getLocale } from "~/i18n/i18next.server";
import { shareable } from "~/platform/handle";
import { shop } from "~/shop.server";
import { TitlePage } from "~/ui/TitlePage";
import { pageMetaTags, pageTitle } from "~/ui/meta";

const sections = ["history", "team", "contacts"];

export const handle = shareable;

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!params.section || !sections.includes(params.section)) {
    throw new Response(null, { status: 404 });
  }
  const t = shop.t(await getLocale(request), "common");
  const heading = t(`pages.${params.section}.title`);
  return {
    meta: { title: pageTitle(t, heading), description: t(`pages.${params.section}.description`) },
    heading,
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export default function AboutSection() {
  const { heading } = useLoaderData<typeof loader>();
  return <TitlePage title={heading} />;
}
