// What the shop's server (server/index.mjs) hands every loader and action.
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The address of the socket the request came in on (the client, or our proxy). */
    clientAddress?: string;
    /** When the server received the request and when Remix began rendering its page. */
    timing?: RenderTiming;
    /** The build's version (its assets' hash); none in development. */
    buildVersion?: string;
    /** The request's own log (its id on every line); none in development (D72). */
    log?: RequestLog;
  }
}

export interface RenderTiming {
  received: number;
  rendering?: number;
}

/** Writes one JSON line with `fields` and an error as server/log.mjs allows (`err`). */
export interface RequestLog {
  error(fields: { err: unknown }, message: string): void;
}
