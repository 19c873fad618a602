// The shop carries a patch of @remix-run/router's route matching (D89,
// patches/@remix-run+router+1.23.3.patch): a routes array's ranked branches and each
// path's matcher are computed once. These are the cases a wrong cache would get wrong:
// routes added later, and the same path compiled with other options.
import { createMemoryHistory, createRouter, matchPath, matchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";

const ids = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map((match) => match.route.id) ?? null;

describe("route matching", () => {
  it("matches a route added after the same routes were matched", () => {
    const router = createRouter({
      routes: [{ id: "root", path: "/", children: [{ id: "home", index: true }] }],
      history: createMemoryHistory(),
    });
    const routes = router.routes;
    expect(ids(matchRoutes(routes, "/late"))).toBeNull();
    expect(ids(matchRoutes(routes, "/"))).toEqual(["root", "home"]);

    router.patchRoutes("root", [{ id: "late", path: "late" }]);

    // The old array's root now has the child: it matches, as the router's new array does.
    expect(ids(matchRoutes(routes, "/late"))).toEqual(["root", "late"]);
    expect(ids(matchRoutes(router.routes, "/late"))).toEqual(["root", "late"]);
  });

  it("still ranks a fixed path above a parameter and a splat, call after call", () => {
    const routes = [
      { id: "splat", path: "*" },
      { id: "product", path: "catalog/:group/:slug" },
      { id: "hemor", path: "catalog/body/hemor-cream" },
    ];
    for (let call = 0; call < 3; call++) {
      expect(ids(matchRoutes(routes, "/catalog/body/hemor-cream"))).toEqual(["hemor"]);
      expect(ids(matchRoutes(routes, "/catalog/body/other"))).toEqual(["product"]);
      expect(matchRoutes(routes, "/catalog/body/other")?.[0]?.params).toEqual({
        group: "body",
        slug: "other",
      });
      expect(ids(matchRoutes(routes, "/elsewhere"))).toEqual(["splat"]);
    }
  });

  it("keeps a path's case sensitivity and end apart", () => {
    expect(matchPath({ path: "/About", caseSensitive: true, end: true }, "/about")).toBeNull();
    expect(matchPath({ path: "/About", caseSensitive: false, end: true }, "/about")).not.toBeNull();
    expect(matchPath({ path: "/About", caseSensitive: true, end: true }, "/about")).toBeNull();

    expect(matchPath({ path: "/desk", end: false }, "/desk/orders")?.pathnameBase).toBe("/desk");
    expect(matchPath({ path: "/desk", end: true }, "/desk/orders")).toBeNull();
    expect(matchPath({ path: "/desk", end: false }, "/desk/orders")).not.toBeNull();
  });

  it("gives each match its own parameters", () => {
    const first = matchPath("/orders/:number", "/orders/123456");
    const second = matchPath("/orders/:number", "/orders/654321");
    expect(first?.params).toEqual({ number: "123456" });
    expect(second?.params).toEqual({ number: "654321" });
  });
});
