import type { useLoaderData } from "@remix-run/react";
import type { readOrderList } from "./view.server";

export type List = ReturnType<
  typeof useLoaderData<
    () => Promise<NonNullable<Awaited<ReturnType<typeof readOrderList>>>["view"]>
  >
>;
export type Row = List["rows"][number];
