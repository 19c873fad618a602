/**
 * A CSV file as a stream (D27, D88): the head at once, then the rows a batch a chunk as
 * they are read, so a month of a big shop starts downloading at once and the server holds
 * one batch, never the file. After each chunk the stream waits for the event loop's next
 * turn: reading SQLite through Kysely settles in promises alone, and without that turn
 * Node's HTTP response (corked until its next tick) sent nothing until the last row.
 */
export function csvStream<T>(
  rows: AsyncGenerator<T>,
  options: {
    /** The byte-order mark and the header line. */
    head: string;
    row: (value: T) => string;
    /** Runs once every row is read, before the stream ends (the access log, D35). */
    done: () => Promise<void>;
    batch?: number;
  },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batch = options.batch ?? 200;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(options.head));
        return nextTurn();
      }
      let text = "";
      for (let index = 0; index < batch; index += 1) {
        const next = await rows.next();
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text));
          await options.done();
          controller.close();
          return;
        }
        text += options.row(next.value);
      }
      controller.enqueue(encoder.encode(text));
      return nextTurn();
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}

/** Lets timers and I/O run: the response's socket writes what it was given. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
