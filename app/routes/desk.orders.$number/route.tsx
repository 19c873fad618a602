import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Link,
  type ShouldRevalidateFunction,
  data,
  useActionData,
  useLoaderData,
} from "@remix-run/react";
import { useCallback, useRef } from "react";
import { useTranslation } from "react-i18next";
import { DoneNotice } from "~/desk/DoneNotice";
import { Isolated } from "~/i18n/isolate";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { pageMetaTags } from "~/ui/meta";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";
import { useResetAfterSubmit } from "~/ui/use-reset-after-submit";
import { OrderDetails } from "./OrderDetails";
import { OrderHistory } from "./OrderHistory";
import { OrderLabels } from "./OrderLabels";
import { OrderMoves } from "./OrderMoves";
import { OrderNote } from "./OrderNote";
import { type Intent, actOnOrder } from "./actions.server";
import { readOrderView } from "./view.server";

// An order in the desk: the page (this file), what it reads (./view.server), what its
// forms do (./actions.server), and its parts (moves, labels, details, history, note).

/** The number in the address: six digits as shown, or fewer. Anything else is no order. */
function orderNumberOf(param: string | undefined): number | null {
  return param && /^\d{1,6}$/.test(param) ? Number(param) : null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await shop.desk.requireStaff(request);
  const found = await readOrderView(shop, session, request, orderNumberOf(params.number));
  if (!found) throw new Response("No such order.", { status: 404 });
  const { view, setCookie } = found;
  return data(view, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await shop.desk.requireStaff(request);
  const number = orderNumberOf(params.number);
  if (number === null) throw new Response("No such order.", { status: 404 });
  return actOnOrder(shop, session, number, await readForm(request));
}

/**
 * After any answer to this page's forms the order is read again. Remix skips that after a
 * 4xx answer, but a refused move (409) is just when someone else has changed the order:
 * the page must then show its real status and only the moves allowed from it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => actionStatus !== undefined || defaultShouldRevalidate;

export default function DeskOrder() {
  const order = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const problem = answer?.problem ?? null;
  const { t } = useTranslation("desk");
  const { history } = order;
  const heading = useRef<HTMLHeadingElement>(null);
  const alert = useFocusOnAnswer<HTMLParagraphElement>(answer);
  const typedFor = (intent: Intent) => (answer?.intent === intent ? answer.note : "");
  // The pressed button is gone once the order moved: focus goes to the heading, which
  // names the new status, instead of being lost.
  const focusHeading = useCallback(() => heading.current?.focus(), []);
  const moveForm = useResetAfterSubmit("move", {
    refused: answer?.intent === "move",
    onReset: focusHeading,
  });
  const noteForm = useResetAfterSubmit("note", { refused: answer?.intent === "note" });

  return (
    <section className="desk-page desk-order-page">
      <p>
        <Link to="/desk">{t("order.back")}</Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        {t("order.number", { number: order.number })}{" "}
        <span className={`desk-status desk-status--${order.status}`}>
          {t(`status.${order.status}`)}
        </span>
      </h1>
      {order.depersonalised ? (
        <p className="desk-notice">{t("order.depersonalised", { date: order.depersonalised })}</p>
      ) : null}
      {order.hold ? (
        <p className="desk-hold">{t("order.hold", { refused: history.refused })}</p>
      ) : null}
      {order.shopperChat.notDelivered.map((notice) => (
        <p key={notice} className="desk-hold" data-message-failed="">
          <Isolated text={notice} />
        </p>
      ))}
      {order.takenBy ? (
        <p className="desk-muted">{t("phoneOrder.takenBy", { name: order.takenBy })}</p>
      ) : null}
      {problem ? (
        <p ref={alert} role="alert" tabIndex={-1} className="desk-error">
          {problem === "refused"
            ? t("order.moveRefused", { status: t(`status.${order.status}`) })
            : t(`order.problem.${problem}`)}
        </p>
      ) : null}

      <DoneNotice outcome={order.outcome} recent={null} />

      <OrderMoves order={order} moveForm={moveForm} typedFor={typedFor} />

      <OrderLabels order={order} />

      <OrderDetails order={order} />

      <OrderHistory order={order} />

      <OrderNote noteForm={noteForm} typedFor={typedFor} />
    </section>
  );
}
