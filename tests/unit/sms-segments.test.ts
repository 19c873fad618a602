import { describe, expect, it } from "vitest";
import { smsEncoding, smsSegments } from "~/platform/sms-segments";

describe("an SMS's encoding (smsEncoding)", () => {
  it("is GSM-7 for English and German, their extension characters included", () => {
    expect(smsEncoding("Order 000123 received. Have 145 GEL ready.")).toBe("gsm7");
    expect(smsEncoding("Bestellung: Äpfel, Öl, Übergröße, süß — nein")).toBe("ucs2");
    expect(smsEncoding("Bestellung: Äpfel, Öl, Übergröße, süß")).toBe("gsm7");
    expect(smsEncoding("Price: 5€ [sale] {now} ~ ^ | \\")).toBe("gsm7");
    expect(smsEncoding("line one\nline two\r")).toBe("gsm7");
    expect(smsEncoding("")).toBe("gsm7");
  });

  it("is UCS-2 for any character outside the GSM alphabet", () => {
    expect(smsEncoding("Заказ принят")).toBe("ucs2");
    expect(smsEncoding("შეკვეთა")).toBe("ucs2");
    expect(smsEncoding("Պատվեր")).toBe("ucs2");
    expect(smsEncoding("Sipariş")).toBe("ucs2");
    expect(smsEncoding("Sifariş qəbul edildi")).toBe("ucs2");
    expect(smsEncoding("145 ₾")).toBe("ucs2");
    expect(smsEncoding("Thanks 🙂")).toBe("ucs2");
    // The escape itself is no character a text may carry.
    expect(smsEncoding("a\u001bb")).toBe("ucs2");
  });
});

describe("an SMS's parts (smsSegments)", () => {
  it("fits 160 GSM-7 characters in one part and 153 in each of a longer one", () => {
    expect(smsSegments("")).toBe(1);
    expect(smsSegments("a".repeat(160))).toBe(1);
    expect(smsSegments("a".repeat(161))).toBe(2);
    expect(smsSegments("a".repeat(306))).toBe(2);
    expect(smsSegments("a".repeat(307))).toBe(3);
    expect(smsSegments("a".repeat(459))).toBe(3);
  });

  it("counts an extension character twice and never splits it", () => {
    expect(smsSegments("€".repeat(80))).toBe(1);
    expect(smsSegments(`${"a".repeat(159)}€`)).toBe(2);
    expect(smsSegments(`${"a".repeat(158)}€`)).toBe(1);
    // 152 septets, then an escaped character that would straddle the 153rd: it moves on.
    expect(smsSegments(`${"a".repeat(152)}€${"a".repeat(152)}`)).toBe(3);
    expect(smsSegments(`${"a".repeat(151)}€${"a".repeat(153)}`)).toBe(2);
  });

  it("fits 70 UCS-2 code units in one part and 67 in each of a longer one", () => {
    expect(smsSegments("ა".repeat(70))).toBe(1);
    expect(smsSegments("ა".repeat(71))).toBe(2);
    expect(smsSegments("ж".repeat(134))).toBe(2);
    expect(smsSegments("ж".repeat(135))).toBe(3);
    // One non-GSM character makes the whole text UCS-2.
    expect(smsSegments(`${"a".repeat(69)}₾`)).toBe(1);
    expect(smsSegments(`${"a".repeat(70)}₾`)).toBe(2);
  });

  it("counts UTF-16 code units: an emoji is two, and a part never splits one", () => {
    expect(smsSegments("🙂".repeat(35))).toBe(1);
    expect(smsSegments(`${"🙂".repeat(35)}a`)).toBe(2);
    // 66 units, then a pair that would straddle the 67th: it moves on to the next part.
    expect(smsSegments(`${"ж".repeat(66)}🙂${"ж".repeat(66)}`)).toBe(3);
    expect(smsSegments(`${"ж".repeat(65)}🙂${"ж".repeat(67)}`)).toBe(2);
  });
});
