import { describe, expect, it } from "vitest";
import { detectLanguage, preferredBrowserLanguage } from "~/i18n/detect";
import { getLanguage, languages } from "~/i18n/languages";

const none = { searchParam: null, cookie: null, acceptLanguage: null };

describe("detectLanguage", () => {
  it("is Russian when nothing is known", () => {
    expect(detectLanguage(none)).toBe("ru");
  });

  it("follows the browser only when it prefers ru, en or ka", () => {
    expect(detectLanguage({ ...none, acceptLanguage: "en-US,en;q=0.9" })).toBe("en");
    expect(detectLanguage({ ...none, acceptLanguage: "ka-GE" })).toBe("ka");
    expect(detectLanguage({ ...none, acceptLanguage: "ru" })).toBe("ru");
    expect(detectLanguage({ ...none, acceptLanguage: "de" })).toBe("ru");
    expect(detectLanguage({ ...none, acceptLanguage: "de-DE,en;q=0.8" })).toBe("ru");
    expect(detectLanguage({ ...none, acceptLanguage: "he" })).toBe("ru");
  });

  it("weighs the header's q values", () => {
    expect(detectLanguage({ ...none, acceptLanguage: "fr;q=0.5, en;q=0.9" })).toBe("en");
    expect(preferredBrowserLanguage("*, ka;q=0.1")).toBe("ka");
    expect(preferredBrowserLanguage("en;q=0, ka")).toBe("ka");
    expect(preferredBrowserLanguage("")).toBeNull();
  });

  it("prefers the stored choice to the browser", () => {
    expect(detectLanguage({ ...none, cookie: "de", acceptLanguage: "en" })).toBe("de");
  });

  it("lets ?lng= switch over a stored choice", () => {
    expect(detectLanguage({ ...none, searchParam: "am", cookie: "de" })).toBe("am");
  });

  it("ignores unknown codes anywhere", () => {
    expect(detectLanguage({ searchParam: "xx", cookie: "<script>", acceptLanguage: "en" })).toBe(
      "en",
    );
  });
});

describe("languages", () => {
  it("offers the nine languages of the switcher, he and ar right-to-left, am as Armenian", () => {
    expect(languages.map((language) => language.code)).toEqual([
      "ru",
      "en",
      "ka",
      "az",
      "tr",
      "de",
      "am",
      "he",
      "ar",
    ]);
    expect(languages.filter((language) => language.dir === "rtl").map((l) => l.code)).toEqual([
      "he",
      "ar",
    ]);
    expect(getLanguage("am").htmlLang).toBe("hy");
  });
});
