import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { shop } from "~/shop.server";
import { orderPageOf } from "~/shopper/order-page.server";
import { messagesStanding, stopOrderMessages } from "~/shopper/stop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { redirectWithToast } from "~/ui/toast.server";

/**
 * `Stop messages` (D87): asked once more on a page of its own, as the e-mail's unsubscribe
 * link opens it too; a mail client's one-click unsubscribe (RFC 8058) posts here directly.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { page, language } = await orderPageOf(shop, request, params.token);
  if (!page) throw new Response("Not Found", { status: 404 });
  const standing = await messagesStanding(shop.db, params.token, shop.config.phoneHashKey);
  const t = shop.t(language, "checkout");
  return {
    meta: { title: pageTitle(t, t("track.stopTitle"), { brand: false }), noindex: true },
    token: page.token,
    number: page.number,
    stopped: standing?.stopped ?? false,
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request, params }: ActionFunctionArgs) {
  const body = await request.text();
  const outcome = await stopOrderMessages(
    shop.db,
    params.token,
    shop.config.phoneHashKey,
    shop.clock(),
  );
  if (outcome === "notFound") throw new Response("Not Found", { status: 404 });
  // A mail client's one-click unsubscribe wants an answer, not a page.
  if (body.includes("List-Unsubscribe=One-Click")) return new Response(null, { status: 204 });
  return redirectWithToast(shop.flash, request, `/o/${params.token}`, {
    kind: "checkout",
    message: "track.stopped",
  });
}

export default function StopMessages() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("checkout");
  return (
    <section className="page page--narrow order-page">
      <h1>{t("track.stopTitle")}</h1>
      {page.stopped ? (
        <p>{t("track.stoppedAlready")}</p>
      ) : (
        <>
          <p>{t("track.stopQuestion", { number: page.number })}</p>
          <Form method="post">
            <button type="submit" className="button button--large">
              {t("track.stop")}
            </button>
          </Form>
        </>
      )}
      <p>
        <Link to={`/o/${page.token}`}>{t("track.stopBack")}</Link>
      </p>
    </section>
  );
}
