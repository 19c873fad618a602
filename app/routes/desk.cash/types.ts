import type { useLoaderData } from "@remix-run/react";
import type { readCashPage } from "./view.server";

export type Page = ReturnType<typeof useLoaderData<typeof readCashPage>>;
export type CourierView = Page["couriers"][number];
export type ParcelView = CourierView["parcels"][number];
