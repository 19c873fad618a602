import type { ReviewStatus } from "../../../db/schema";

/** The reviews page's tabs: a review's states, waiting first. */
export const TABS = ["pending", "published", "rejected"] as const;
export const isTab = (value: unknown): value is ReviewStatus =>
  (TABS as readonly unknown[]).includes(value);
