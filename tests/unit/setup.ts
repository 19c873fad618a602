import { afterEach, beforeEach, vi } from "vitest";

// A test that makes the code log an error fails, unless it expects that error
// (by mocking console.error itself), as in the Epic Stack.
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  const original = console.error;
  consoleError = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    original(...args);
    throw new Error("console.error was called; mock it in the test if it is expected.");
  });
});

afterEach(() => {
  consoleError.mockRestore();
});

// `npm test` runs the suite a second time with the clock a year ahead
// (TEST_CLOCK_SHIFT_DAYS=365): a test or module that reads the wall clock where it should
// take the shop's injected one fails then, not on the day the calendar reaches it.
const shiftDays = Number(process.env.TEST_CLOCK_SHIFT_DAYS ?? 0);
if (shiftDays) {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() + shiftDays * 86_400_000);
}
