import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, data, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FIELD_LIMITS } from "~/checkout/fields";
import { listCouriers, saveCourier } from "~/couriers/couriers.server";
import { COURIER_NAME_MAX } from "~/couriers/model";
import { CardList } from "~/desk/CardList";
import { Choice } from "~/desk/Choice";
import { RevisionField, StaleNotice } from "~/desk/Revision";
import { formRevision, pageRevision, staleAnswer } from "~/desk/revision.server";
import { getLocale } from "~/i18n/i18next.server";
import { readForm } from "~/platform/http.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { redirectWithToast } from "~/ui/toast.server";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";

/** The people who carry parcels (D68, owners): name, phone, whether they take parcels now. */
export async function loader({ request }: LoaderFunctionArgs) {
  await shop.desk.requireOwner(request);
  const t = shop.t(await getLocale(request), "desk");
  const revision = await pageRevision(shop);
  const couriers = await listCouriers(shop.db);
  return {
    meta: { title: pageTitle(t, t("couriers.title"), { brand: false }), noindex: true },
    revision,
    couriers: couriers.map((courier) => ({
      id: courier.id,
      name: courier.name,
      phone: courier.phone,
      active: courier.active === 1,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request }: ActionFunctionArgs) {
  const { staff } = await shop.desk.requireOwner(request, { page: false });
  const form = await readForm(request);
  const idText = form.get("id") ?? "";
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : null;
  const input = {
    id,
    name: (form.get("name") ?? "").slice(0, COURIER_NAME_MAX + 1),
    phone: (form.get("phone") ?? "").slice(0, FIELD_LIMITS.phone),
    active: id === null || form.get("active") === "1",
    actor: { staffId: staff.id, name: staff.name },
  };
  const revision = formRevision(form);
  const saved = await saveCourier(shop.db, { ...input, revision }, shop.clock());
  const typed = { name: input.name, phone: input.phone };
  if (!saved.ok) {
    if (saved.problem === "notFound") throw new Response("No such courier.", { status: 404 });
    if (saved.problem === "stale") {
      const stale = await staleAnswer(shop, request, {
        subject: { type: "courier", id: String(id) },
        since: revision ?? 0,
        typed,
        control: (field) => (field === "name" || field === "phone" ? field : null),
      });
      return data(
        { problem: saved.problem, id, ...stale.values, revision: stale.revision, stale },
        409,
      );
    }
    return data({ problem: saved.problem, id, ...typed, revision, stale: null }, 400);
  }
  // Back to the courier's card (a new one's too), not the page's top.
  return redirectWithToast(shop.flash, request, `/desk/couriers#card-${saved.id}`, {
    kind: "desk",
    message: id ? "couriers.saved" : "couriers.added",
  });
}

function CourierFields({
  prefix,
  name,
  phone,
  problem,
}: {
  prefix: string;
  name: string;
  phone: string;
  problem: string | null;
}) {
  const { t } = useTranslation("desk");
  return (
    <>
      <p className="desk-field">
        <label htmlFor={`${prefix}-name`}>{t("couriers.name")}</label>
        <input
          id={`${prefix}-name`}
          name="name"
          required
          maxLength={COURIER_NAME_MAX}
          autoComplete="off"
          defaultValue={name}
          aria-invalid={problem === "name" || undefined}
        />
      </p>
      <p className="desk-field">
        <label htmlFor={`${prefix}-phone`}>{t("couriers.phone")}</label>
        <input
          id={`${prefix}-phone`}
          name="phone"
          type="tel"
          dir="ltr"
          required
          maxLength={FIELD_LIMITS.phone}
          autoComplete="off"
          defaultValue={phone}
          aria-invalid={problem === "phone" || undefined}
        />
      </p>
    </>
  );
}

export default function DeskCouriers() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("desk");
  const alert = useFocusOnAnswer<HTMLDivElement>(answer);
  const problemFor = (id: number | null) =>
    answer && answer.id === id ? (
      <div ref={alert} role="alert" tabIndex={-1}>
        {answer.stale ? (
          <StaleNotice changes={answer.stale.changes} />
        ) : (
          <p className="desk-error">{t(`couriers.problem.${answer.problem}`)}</p>
        )}
      </div>
    ) : null;
  return (
    <section className="desk-page">
      <h1>{t("couriers.title")}</h1>
      <p>{t("couriers.intro")}</p>
      <Form method="post" className="desk-form" aria-labelledby="courier-add">
        <h2 id="courier-add">{t("couriers.add")}</h2>
        {problemFor(null)}
        <CourierFields
          prefix="courier-new"
          name={answer && answer.id === null ? answer.name : ""}
          phone={answer && answer.id === null ? answer.phone : ""}
          problem={answer && answer.id === null ? answer.problem : null}
        />
        <button type="submit" className="desk-button desk-button--primary">
          {t("couriers.addButton")}
        </button>
      </Form>

      <h2>{t("couriers.list")}</h2>
      <CardList items={page.couriers} empty={t("couriers.none")} keyOf={(courier) => courier.id}>
        {(courier) => (
          <>
            <Form
              id={`card-${courier.id}`}
              method="post"
              action={`/desk/couriers#card-${courier.id}`}
              className="desk-form"
              aria-label={courier.name}
            >
              <h3>
                <bdi>{courier.name}</bdi>{" "}
                {courier.active ? null : (
                  <span className="desk-muted">({t("couriers.inactive")})</span>
                )}
              </h3>
              {problemFor(courier.id)}
              <input type="hidden" name="id" value={courier.id} />
              <RevisionField
                revision={(answer?.id === courier.id ? answer.revision : null) ?? page.revision}
              />
              <CourierFields
                prefix={`courier-${courier.id}`}
                name={answer?.id === courier.id ? answer.name : courier.name}
                phone={answer?.id === courier.id ? answer.phone : courier.phone}
                problem={answer?.id === courier.id ? answer.problem : null}
              />
              <Choice
                type="checkbox"
                name="active"
                value="1"
                defaultChecked={courier.active}
                label={t("couriers.active")}
              />
              <button type="submit" className="desk-button">
                {t("couriers.save")}
              </button>
            </Form>
          </>
        )}
      </CardList>
    </section>
  );
}
