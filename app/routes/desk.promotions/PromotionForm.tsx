import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Choice, Choices } from "~/desk/Choice";
import { RevisionField, StaleNotice } from "~/desk/Revision";
import { Field, formAnswer } from "~/desk/form-answer";
import type { Promotion } from "~/promotions/model";
import {
  type PromotionError,
  type PromotionKind,
  productField,
  promotionValues,
} from "~/promotions/promotion-form";
import { useFocusOnAnswer } from "~/ui/use-focus-on-answer";
import { type Answer, anchorOf } from "./answer";

/** The fields typed as text; the others' problems are the form's own (a taken code, a use). */
type TypedField = Exclude<PromotionError, "codeTaken" | "discount" | "notBelow" | "used">;

export interface ProductChoice {
  key: string;
  title: string;
}

/**
 * One promotion's form, of its kind: a code's letters, percentage or amount, minimum,
 * days, limit, `Once per phone`, products and `Combines with automatic prices`; a quantity
 * price's product, jars and unit price; a sale price's product, price and days. A name and
 * on/off for each. Save, and Delete for one no order used. `promotion` null: a new one.
 */
export function PromotionForm({
  kind,
  promotion,
  used,
  products,
  answer,
  revision,
}: {
  kind: PromotionKind;
  promotion: Promotion | null;
  used: boolean;
  products: ProductChoice[];
  answer: Answer | undefined;
  revision: number;
}) {
  const { t } = useTranslation("desk");
  const form = promotion ? String(promotion.id) : `new-${kind}`;
  const own = answer?.form === form ? answer : undefined;
  const refusal = useFocusOnAnswer<HTMLDivElement>(own);
  const kit = formAnswer<PromotionError>(
    own && { values: own.values, errors: own.kind === "fields" ? own.errors : [] },
    { prefix: form, text: (name) => t(`promotions.errors.${name}`) },
  );
  const stored = promotionValues(promotion);
  const text = (name: TypedField, options: { hint?: string; money?: boolean } = {}) => (
    <Field form={kit} name={name} label={t(`promotions.fields.${name}`)} hint={options.hint}>
      {(control) => (
        // Text, not type="number": Chromium keeps Arabic-Indic digits out of a number field.
        <input
          name={name}
          inputMode={
            options.money ? "decimal" : name === "name" || name === "code" ? "text" : "numeric"
          }
          dir={name === "name" ? "auto" : "ltr"}
          autoComplete="off"
          maxLength={60}
          defaultValue={kit.value(name, stored[name] ?? "")}
          {...control}
        />
      )}
    </Field>
  );
  const dates = (
    <>
      {text("startsOn", { hint: t("promotions.hints.date") })}
      {text("endsOn", { hint: t("promotions.hints.date") })}
    </>
  );
  const productPicker = (
    <Field form={kit} name="product" label={t("promotions.fields.product")}>
      {(control) => (
        <select
          name="product"
          defaultValue={kit.value("product", stored.product ?? "")}
          {...control}
        >
          <option value="">{t("promotions.choose")}</option>
          {products.map((product) => (
            <option key={product.key} value={product.key}>
              {product.title}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const chosen = promotion?.kind === "code" ? promotion.products : [];
  return (
    <Form
      method="post"
      action={`/desk/promotions#${anchorOf(form)}`}
      className="desk-form"
      aria-label={promotion ? promotion.name : t(`promotions.add.${kind}`)}
    >
      <div ref={refusal} tabIndex={-1} role={own ? "alert" : undefined}>
        {!own ? null : own.kind === "stale" ? (
          <StaleNotice changes={own.changes} />
        ) : (
          <p className="desk-error">{t("settings.notSaved")}</p>
        )}
      </div>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={promotion ? promotion.id : ""} />
      <RevisionField revision={own?.revision ?? revision} />
      {kind === "code" ? (
        <>
          {text("code", { hint: t("promotions.hints.code") })}
          {text("name", { hint: t("promotions.hints.codeName") })}
          {text("percent", { hint: t("promotions.hints.discount") })}
          {text("amount", { money: true })}
          {kit.problem("discount")}
          {text("minGoods", { money: true, hint: t("promotions.hints.minGoods") })}
          {dates}
          {text("useLimit", { hint: t("promotions.hints.useLimit") })}
          <Choice
            type="checkbox"
            name="oncePerPhone"
            defaultChecked={kit.checked(
              "oncePerPhone",
              promotion?.kind === "code" ? promotion.oncePerPhone : true,
            )}
            label={t("promotions.fields.oncePerPhone")}
          />
          <Choices legend={t("promotions.fields.products")}>
            <span className="desk-hint">{t("promotions.hints.products")}</span>
            {products.map((product) => (
              <Choice
                key={product.key}
                type="checkbox"
                name={productField(product.key)}
                defaultChecked={kit.checked(
                  productField(product.key),
                  chosen.includes(product.key),
                )}
                label={product.title}
              />
            ))}
          </Choices>
          <Choice
            type="checkbox"
            name="combines"
            defaultChecked={kit.checked(
              "combines",
              promotion?.kind === "code" && promotion.combines,
            )}
            label={t("promotions.fields.combines")}
          />
        </>
      ) : (
        <>
          {text("name", { hint: t("promotions.hints.name") })}
          {productPicker}
          {kind === "quantity" ? text("minQty") : null}
          {text("price", {
            money: true,
            hint: kind === "sale" ? t("promotions.hints.sale") : undefined,
          })}
          {kit.problem("notBelow")}
          {kind === "sale" ? dates : null}
        </>
      )}
      <Choice
        type="checkbox"
        name="active"
        defaultChecked={kit.checked("active", promotion?.active ?? true)}
        label={t("promotions.fields.active")}
      />
      {used ? <p className="desk-hint">{t("promotions.usedHint")}</p> : null}
      {kit.problem("codeTaken")}
      {kit.problem("used")}
      <p className="desk-delivery__buttons">
        {/* Save first: Enter in a field presses the form's first button. */}
        <button
          type="submit"
          name="intent"
          value="save"
          className="desk-button desk-button--primary"
        >
          {t("settings.save")}
        </button>
        {promotion && !used ? (
          <button
            type="submit"
            name="intent"
            value="delete"
            className="desk-button desk-button--danger"
          >
            {t("promotions.delete")}
          </button>
        ) : null}
      </p>
    </Form>
  );
}
