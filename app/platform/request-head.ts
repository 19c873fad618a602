/**
 * What the shop reads of a request to answer a page from memory: its method, address and
 * headers. A Fetch `Request` is one; so is the server's light view of a Node request
 * (server/serve.mjs), which costs none of a Request's making (issue 27: a page from memory
 * spent a third of its time building a Request and a Response around stored bytes).
 */
export interface RequestHead {
  readonly method: string;
  readonly url: string;
  readonly headers: Pick<Headers, "get" | "has">;
}
