import { type CalendarDate, parseIsoDate, toShortDate } from "~/platform/calendar";
import { type Promotion, saleOf, standingOn } from "./model";

/**
 * What a product page and a catalogue card say of a product's automatic prices (D86), by
 * the Tbilisi day: a running sale (its price, its last day) and the first quantity price.
 * Worked out by the loader, so a page rendered the next day no longer shows a sale that
 * ended at midnight.
 */
export interface Deal {
  sale: {
    price: number;
    /** The sale's last day as the page writes it (15.12), and as ISO for search engines. */
    until: string | null;
    endsOn: string | null;
  } | null;
  /** From `minQty` jars on, each at `price`. */
  quantity: { minQty: number; price: number } | null;
}

export function dealOf(
  promotions: readonly Promotion[],
  productKey: string,
  regular: number | null,
  today: CalendarDate,
): Deal | null {
  if (regular === null) return null;
  const running = saleOf(promotions, productKey, today);
  const sale = running && running.price < regular ? running : null;
  const unit = sale?.price ?? regular;
  let quantity: Deal["quantity"] = null;
  for (const promotion of promotions)
    if (
      promotion.kind === "quantity" &&
      promotion.productKey === productKey &&
      promotion.price < unit &&
      standingOn(promotion, today) === "on" &&
      (!quantity || promotion.minQty < quantity.minQty)
    )
      quantity = { minQty: promotion.minQty, price: promotion.price };
  if (!sale && !quantity) return null;
  const end = sale?.endsOn ? parseIsoDate(sale.endsOn) : null;
  return {
    sale: sale && {
      price: sale.price,
      // DD.MM.YY without its year: a sale ends within the year the shopper reads it in.
      until: end ? toShortDate(end).slice(0, 5) : null,
      endsOn: sale.endsOn,
    },
    quantity,
  };
}
