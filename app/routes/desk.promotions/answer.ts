import type { StaleAnswer } from "~/desk/revision.server";
import type { PromotionError } from "~/promotions/promotion-form";

/** Which of the page's forms answered: a promotion's (its id) or a new one's (`new-code` …). */
export type Answer =
  | {
      kind: "fields";
      form: string;
      errors: PromotionError[];
      values: Record<string, string>;
      revision?: number;
    }
  | (StaleAnswer & { form: string });

/** A form's place on the page: `#promotion-3`, `#promotion-new-code`. */
export const anchorOf = (form: string) => `promotion-${form}`;
