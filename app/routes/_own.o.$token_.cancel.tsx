import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, redirect, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { shop } from "~/shop.server";
import { orderPageOf } from "~/shopper/order-page.server";
import { cancelByShopper } from "~/shopper/shopper.server";
import { Price } from "~/ui/Price";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { redirectWithToast } from "~/ui/toast.server";

/** Asked once more before the shopper cancels (D33): a page of its own, with or without scripts. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { page, language } = await orderPageOf(shop, request, params.token);
  if (!page) throw new Response("Not Found", { status: 404 });
  if (!page.cancellable) throw redirect(`/o/${page.token}`);
  const t = shop.t(language, "checkout");
  return {
    meta: { title: pageTitle(t, t("track.cancelTitle"), { brand: false }), noindex: true },
    token: page.token,
    number: page.number,
    total: page.total,
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request, params }: ActionFunctionArgs) {
  const outcome = await cancelByShopper(shop.db, params.token, shop.clock(), shop.telegram);
  if (outcome === "notFound") throw new Response("Not Found", { status: 404 });
  if (outcome === "cancelled") shop.kickOutbox();
  return redirectWithToast(shop.flash, request, `/o/${params.token}`, {
    kind: "checkout",
    message: outcome === "tooLate" ? "track.cancelTooLate" : "track.cancelled",
  });
}

export default function CancelOrder() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("checkout");
  return (
    <section className="page page--narrow order-page">
      <h1>{t("track.cancelTitle")}</h1>
      <p>
        {t("track.cancelQuestion", { number: page.number })} <Price amount={page.total} />
      </p>
      <Form method="post">
        <button type="submit" className="button button--large">
          {t("track.cancelYes")}
        </button>
      </Form>
      <p>
        <Link to={`/o/${page.token}`}>{t("track.cancelNo")}</Link>
      </p>
    </section>
  );
}
