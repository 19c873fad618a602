import { AsyncLocalStorage } from "node:async_hooks";
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";

/**
 * How many queries one request made (issue 27: the database stays off the hot path). The
 * page server runs each render inside `countQueries`; every query the shop's database
 * instance runs meanwhile, in that request's async context, is counted, and the count
 * goes out in `Server-Timing`.
 */
const counter = new AsyncLocalStorage<{ queries: number }>();

export async function countQueries<T>(
  work: () => Promise<T>,
): Promise<{ result: T; queries: number }> {
  const count = { queries: 0 };
  const result = await counter.run(count, work);
  return { result, queries: count.queries };
}

/** The Kysely plugin that counts; it changes neither queries nor results. */
export const queryCounter: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const count = counter.getStore();
    if (count) count.queries += 1;
    return args.node;
  },
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  },
};
