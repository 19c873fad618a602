// What the shop's server (server/index.mjs) hands every loader and action.
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The address of the socket the request came in on (the client, or our proxy). */
    clientAddress?: string;
  }
}

export {};
