/**
 * The shop's one way to run work in the background (the outbox, the expiry of unconfirmed
 * orders, the Telegram long poll): a round of work, run again after a pause, never two
 * rounds at once in a process, never throwing to its caller. What several processes must
 * not do twice is settled in the database by the work itself (claims, leases), not here.
 */
export interface Job {
  /** Runs a round now, or once more right after the round in progress; resolves when done. */
  tick(): Promise<void>;
  /** Asks for a round soon without waiting for it (after an order was saved). */
  kick(): void;
  start(): void;
  /** Ends the waiting, aborts a round that listens to the signal, and waits for it. */
  stop(): Promise<void>;
}

export interface JobOptions {
  /** Named in the log when a round fails. */
  name: string;
  /** Pause between rounds unless a round asks for another. */
  everyMs: number;
  /**
   * One round of work. It may return how long to pause before the next round (0: at once;
   * a longer pause after a failure), and should end early when `signal` aborts.
   */
  run(signal: AbortSignal): Promise<number | undefined>;
  log?: Pick<Console, "error">;
}

export function createJob({ name, everyMs, run, log = console }: JobOptions): Job {
  const stopping = new AbortController();
  let started = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function schedule(ms: number) {
    if (!started || stopping.signal.aborted) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  }

  async function rounds() {
    let pause: number | undefined;
    do {
      again = false;
      try {
        pause = await run(stopping.signal);
      } catch (error) {
        log.error(`${name} failed:`, error);
        pause = undefined;
      }
    } while (again && !stopping.signal.aborted);
    schedule(pause ?? everyMs);
  }

  function tick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = rounds().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    tick,
    kick() {
      setImmediate(() => void tick());
    },
    start() {
      if (started) return;
      started = true;
      void tick();
    },
    async stop() {
      started = false;
      stopping.abort();
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
