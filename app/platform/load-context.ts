// What the shop's server (server/index.mjs) hands every loader and action.
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The address of the socket the request came in on (the client, or our proxy). */
    clientAddress?: string;
    /** When the server received the request and when Remix began rendering its page. */
    timing?: RenderTiming;
  }
}

export interface RenderTiming {
  received: number;
  rendering?: number;
}
