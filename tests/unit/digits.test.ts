import { describe, expect, it } from "vitest";
import { asciiAmount, asciiDigits } from "~/platform/digits";

describe("digits typed on an Arabic or Persian keyboard", () => {
  it("reads every Arabic-Indic and Persian digit as its ASCII digit", () => {
    expect(asciiDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(asciiDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
    for (let value = 0; value <= 9; value++) {
      expect(asciiDigits(String.fromCharCode(0x0660 + value))).toBe(String(value));
      expect(asciiDigits(String.fromCharCode(0x06f0 + value))).toBe(String(value));
    }
  });

  it("leaves everything else as it was: ASCII digits, letters, signs, mixed text", () => {
    expect(asciiDigits("")).toBe("");
    expect(asciiDigits("0123456789")).toBe("0123456789");
    expect(asciiDigits("+995 ٥٩٩ 000 ۱۱۱")).toBe("+995 599 000 111");
    expect(asciiDigits("٠٢.٠٣.٢٦")).toBe("02.03.26");
    expect(asciiDigits("٣x")).toBe("3x");
    expect(asciiDigits("شارع ١٢")).toBe("شارع 12");
    // The characters around the two runs are not digits.
    expect(asciiDigits("\u065f\u066a\u066b\u066c\u06ef\u06fa")).toBe(
      "\u065f\u066a\u066b\u066c\u06ef\u06fa",
    );
  });

  it("reads an amount's Arabic decimal separator as a point and drops its thousands separator", () => {
    expect(asciiAmount("٣٩٫٩٠")).toBe("39.90");
    expect(asciiAmount("١٬٢٥٠٫٥٠")).toBe("1250.50");
    expect(asciiAmount("۴۵٫۵")).toBe("45.5");
    expect(asciiAmount("45,50")).toBe("45,50");
    expect(asciiAmount("1 250.50")).toBe("1 250.50");
  });
});
