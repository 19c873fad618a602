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
