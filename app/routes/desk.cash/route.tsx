import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { pageMetaTags } from "~/ui/meta";
import { CourierDayCard } from "./CourierDayCard";
import { actOnCash } from "./actions.server";
import { readCashPage } from "./view.server";

/**
 * The couriers' day (D68): for a date, each courier's parcels with what came of them,
 * expected, collected, received and the difference; `Close day` locks it. The page (this
 * file), what it reads (./view.server), what its forms do (./actions.server), its cards.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await shop.desk.requireStaff(request);
  return readCashPage(shop, session, request);
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request }: ActionFunctionArgs) {
  const session = await shop.desk.requireStaff(request, { page: false });
  return actOnCash(shop, session, request, await readForm(request));
}

export default function DeskCash() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("desk");
  return (
    <div className="desk-page">
      <h1>{t("cash.title")}</h1>
      <Form method="get" className="desk-inline-form" aria-label={t("cash.pickDay")}>
        <p className="desk-field">
          <label htmlFor="cash-day">{t("cash.day")}</label>
          <input id="cash-day" name="day" type="date" defaultValue={page.day} required />
        </p>
        <button type="submit" className="desk-button">
          {t("cash.show")}
        </button>{" "}
        <Link to={`/desk/cash?day=${page.previous}`}>{t("cash.previous")}</Link> ·{" "}
        <Link to={`/desk/cash?day=${page.next}`}>{t("cash.next")}</Link>
      </Form>
      {page.shown !== null ? <p className="desk-hint">{t("cash.oneCourierAtATime")}</p> : null}
      {page.couriers.length === 0 ? (
        <p className="desk-empty">{t("cash.none")}</p>
      ) : (
        page.couriers.map((courier) => (
          <CourierDayCard key={courier.id} courier={courier} page={page} />
        ))
      )}
    </div>
  );
}
