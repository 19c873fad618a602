// negotiator 1.x ships no types, and @types/negotiator describes 0.6, whose `encoding`
// has no server preference. Only what the shop calls is declared.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | undefined> });
    /** The best of `available` for the request; ties go to the first of `preferred`. */
    encoding(
      available: readonly string[],
      options?: { preferred?: readonly string[] },
    ): string | undefined;
  }
}
