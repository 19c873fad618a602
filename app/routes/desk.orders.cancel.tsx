import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { FinalMovePage } from "~/desk/FinalMovePage";
import { actFinalMove, loadFinalMove } from "~/desk/final-move.server";
import { getLocale } from "~/i18n/i18next.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";

/** The second question before orders are cancelled, with a reason: `?order=…&back=…`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = await loadFinalMove(shop, request);
  const t = shop.t(await getLocale(request), "desk");
  const title = t("final.cancelled.title", {
    count: page.orders.length,
    number: page.orders[0]?.number ?? "",
  });
  return { ...page, meta: { title: pageTitle(t, title, { brand: false }), noindex: true } };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export function action({ request }: ActionFunctionArgs) {
  return actFinalMove(shop, request, "cancelled");
}

export default function CancelOrders() {
  return <FinalMovePage to="cancelled" />;
}
