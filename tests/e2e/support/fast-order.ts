import { deliveryDate } from "./shop";

export interface PreparedOrder {
  address: string;
  cookie: string;
  form: URLSearchParams;
}

function cookiesFrom(response: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((pair) => pair.split("=") as [string, string]),
  );
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const [name, ...value] = (pair ?? "").split("=");
    if (name) jar.set(name.trim(), value.join("="));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/**
 * A cart with the ointment (or the product `key`) and an open checkout form, as a browser
 * without scripts has them.
 */
export async function prepareOrder(
  baseUrl: string,
  address: string,
  key = "body/hemor-cream",
): Promise<PreparedOrder> {
  const added = await fetch(`${baseUrl}/cart`, {
    method: "POST",
    body: new URLSearchParams({ intent: "add", key }),
    redirect: "manual",
  });
  const cookie = cookiesFrom(added);
  const page = await (await fetch(`${baseUrl}/checkout`, { headers: { Cookie: cookie } })).text();
  const token = /name="token" value="([^"]+)"/.exec(page)?.[1];
  if (!token) throw new Error("No checkout form");
  return {
    address,
    cookie,
    form: new URLSearchParams({
      token,
      address,
      deliveryTime: deliveryDate(1),
      phone: "+995 555 123 456",
      messenger: "",
      email: "",
    }),
  };
}

/** Sends the prepared form; resolves with the HTTP status (303 = confirmed). */
export async function submitOrder(
  baseUrl: string,
  order: PreparedOrder,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<{ status: number; body: string }> {
  const response = await fetch(`${baseUrl}/checkout`, {
    signal,
    method: "POST",
    headers: {
      ...headers,
      Cookie: order.cookie,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: order.form,
    redirect: "manual",
  });
  return { status: response.status, body: await response.text() };
}
