import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, data, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getLocale } from "~/i18n/i18next.server";
import { languages } from "~/i18n/languages";
import { readForm } from "~/platform/http.server";
import { TESTIMONIAL_NAME_MAX, TESTIMONIAL_ROLE_MAX, TESTIMONIAL_TEXT_MAX } from "~/reviews/model";
import {
  findTestimonial,
  readTestimonialForm,
  saveTestimonial,
} from "~/reviews/testimonials.server";
import { shop } from "~/shop.server";
import { pageMetaTags, pageTitle } from "~/ui/meta";
import { createToast, flashToast } from "~/ui/toast.server";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";

function idOf(param: string | undefined): number {
  if (!param || !/^\d{1,9}$/.test(param))
    throw new Response("No such testimonial.", { status: 404 });
  return Number(param);
}

/** One testimonial's rating and its texts in nine languages (owners). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await shop.desk.requireOwner(request);
  const testimonial = await findTestimonial(shop.db, idOf(params.id));
  if (!testimonial) throw new Response("No such testimonial.", { status: 404 });
  const t = shop.t(await getLocale(request), "desk");
  return {
    meta: {
      title: pageTitle(t, t("reviews.testimonials.editTitle"), { brand: false }),
      noindex: true,
    },
    testimonial,
  };
}

export const meta: MetaFunction<typeof loader> = pageMetaTags;

export async function action({ request, params }: ActionFunctionArgs) {
  const { staff } = await shop.desk.requireOwner(request, { page: false });
  const id = idOf(params.id);
  const form = await readForm(request);
  const read = readTestimonialForm(form);
  if (!read.ok) return data({ problem: read.problem }, 400);
  const saved = await saveTestimonial(
    shop.db,
    id,
    read.input,
    { staffId: staff.id, name: staff.name },
    shop.clock(),
  );
  if (!saved) throw new Response("No such testimonial.", { status: 404 });
  await shop.refreshContent();
  return redirect("/desk/reviews", {
    status: 303,
    headers: {
      "Set-Cookie": await flashToast(
        shop.flash,
        request,
        createToast({ kind: "desk", message: "reviews.testimonials.saved" }),
      ),
    },
  });
}

export default function EditTestimonial() {
  const { testimonial } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("desk");
  const alert = useFocusOnAnswer<HTMLParagraphElement>(answer);
  return (
    <section className="desk-page">
      <p>
        <Link to="/desk/reviews">{t("reviews.back")}</Link>
      </p>
      <h1>{t("reviews.testimonials.editTitle")}</h1>
      <p>{t("reviews.testimonials.editIntro")}</p>
      {answer ? (
        <p ref={alert} role="alert" tabIndex={-1} className="desk-error">
          {t(`reviews.testimonials.problem.${answer.problem}`)}
        </p>
      ) : null}
      <Form method="post" className="desk-form">
        <p className="desk-field">
          <label htmlFor="testimonial-rating">{t("reviews.testimonials.rating")}</label>
          <select id="testimonial-rating" name="rating" defaultValue={testimonial.rating}>
            {[5, 4, 3, 2, 1].map((stars) => (
              <option key={stars} value={stars}>
                {"★".repeat(stars)} {stars}
              </option>
            ))}
          </select>
        </p>
        {languages.map((language) => {
          const text = testimonial.texts[language.code];
          const id = (field: string) => `testimonial-${language.code}-${field}`;
          return (
            <fieldset key={language.code} lang={language.htmlLang}>
              <legend>{language.name}</legend>
              <p className="desk-field">
                <label htmlFor={id("name")}>{t("reviews.testimonials.name")}</label>
                <input
                  id={id("name")}
                  name={`${language.code}.name`}
                  maxLength={TESTIMONIAL_NAME_MAX}
                  dir={language.dir}
                  defaultValue={text?.name ?? ""}
                />
              </p>
              <p className="desk-field">
                <label htmlFor={id("role")}>{t("reviews.testimonials.role")}</label>
                <input
                  id={id("role")}
                  name={`${language.code}.role`}
                  maxLength={TESTIMONIAL_ROLE_MAX}
                  dir={language.dir}
                  defaultValue={text?.role ?? ""}
                />
              </p>
              <p className="desk-field">
                <label htmlFor={id("text")}>{t("reviews.testimonials.text")}</label>
                <textarea
                  id={id("text")}
                  name={`${language.code}.text`}
                  rows={4}
                  maxLength={TESTIMONIAL_TEXT_MAX}
                  dir={language.dir}
                  defaultValue={text?.text ?? ""}
                />
              </p>
            </fieldset>
          );
        })}
        <button type="submit" className="desk-button desk-button--primary">
          {t("reviews.testimonials.save")}
        </button>
      </Form>
    </section>
  );
}
