import { useTranslation } from "react-i18next";
import { type CheckoutField, FIELD_LIMITS } from "~/checkout/fields";
import { Isolated, isolate } from "~/i18n/isolate";
import { isolateLeftToRight } from "~/i18n/left-to-right";

/** The fields of an order staff type in (a phone order, a correction), in the order asked. */
const fields = [
  { name: "phone", key: "order.phone", type: "tel", dir: "ltr" },
  { name: "name", key: "order.name", type: "text", dir: "auto" },
  { name: "address", key: "order.address", type: "textarea", dir: "auto" },
  { name: "deliveryTime", key: "order.deliveryDate", type: "text", dir: "ltr" },
  { name: "messenger", key: "order.messenger", type: "text", dir: "ltr" },
  { name: "email", key: "order.email", type: "email", dir: "ltr" },
] as const satisfies ReadonlyArray<{ name: CheckoutField; key: string; type: string; dir: string }>;

/**
 * An order's own fields with the storefront's limits (D8): what was typed (or stored), the
 * ones the last answer found wrong marked, and the delivery dates open named under the date.
 */
export function OrderFields({
  idPrefix,
  value,
  wrong,
  window,
}: {
  idPrefix: string;
  value: (name: CheckoutField) => string;
  wrong: (name: CheckoutField) => true | undefined;
  window: { min: string; max: string };
}) {
  const { t } = useTranslation("desk");
  return (
    <>
      {fields.map((field) => {
        const id = `${idPrefix}-${field.name}`;
        const common = {
          id,
          name: field.name,
          dir: field.dir,
          maxLength: FIELD_LIMITS[field.name],
          defaultValue: value(field.name),
          required: field.name === "phone" || field.name === "address" || undefined,
          "aria-invalid": wrong(field.name),
          "aria-describedby": field.name === "deliveryTime" ? `${id}-hint` : undefined,
        };
        return (
          <p key={field.name} className="desk-field">
            <label htmlFor={id}>{t(field.key)}</label>
            {field.type === "textarea" ? (
              <textarea rows={2} {...common} />
            ) : (
              <input
                type={field.type}
                inputMode={field.name === "deliveryTime" ? "numeric" : undefined}
                placeholder={field.name === "deliveryTime" ? window.min : undefined}
                {...common}
              />
            )}
            {field.name === "deliveryTime" ? (
              <span id={`${id}-hint`} className="desk-muted">
                <Isolated
                  text={t("phoneOrder.dateHint", {
                    format: isolateLeftToRight(t("phoneOrder.dateFormat")),
                    min: isolate(window.min),
                    max: isolate(window.max),
                  })}
                />
              </span>
            ) : null}
          </p>
        );
      })}
    </>
  );
}
