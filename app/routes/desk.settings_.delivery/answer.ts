import type { DeliveryError } from "~/delivery/zone-form";
import type { StaleAnswer } from "~/desk/revision.server";

/** Which of the page's forms answered: a zone's card (its id), the new zone's, the week's. */
export type Answer =
  | {
      kind: "fields";
      form: string;
      errors: DeliveryError[];
      values: Record<string, string>;
      revision?: number;
      /** The holidays' lines that are no date, named in the refusal. */
      lines?: string[];
    }
  | (StaleAnswer & { form: string });

/** A form's place on the page: `#week`, `#zone-rustavi`, `#zone-new`. */
export const anchorOf = (form: string) => (form === "week" ? "week" : `zone-${form}`);
