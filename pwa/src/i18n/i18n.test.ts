import { describe, expect, it } from "vitest";
import { en } from "./en";
import { de } from "./de";
import { ordinal, t, format } from "./index";

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("i18n", () => {
  it("has the same keys in German and English", () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  });
  it("has no empty strings", () => {
    for (const [k, v] of [...Object.entries(en), ...Object.entries(de)]) expect(v.trim(), k).not.toBe("");
  });
  it("uses the same placeholders in both languages", () => {
    for (const k of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholders(de[k]), k).toEqual(placeholders(en[k]));
    }
  });
  it("formats places per language", () => {
    expect(ordinal(20, "en")).toBe("20th");
    expect(ordinal(1, "en")).toBe("1st");
    expect(ordinal(2, "en")).toBe("2nd");
    expect(ordinal(3, "en")).toBe("3rd");
    expect(ordinal(11, "en")).toBe("11th");
    expect(ordinal(12, "en")).toBe("12th");
    expect(ordinal(13, "en")).toBe("13th");
    expect(ordinal(21, "en")).toBe("21st");
    expect(ordinal(112, "en")).toBe("112th");
    expect(ordinal(20, "de")).toBe("20.");
  });
  it("fills placeholders", () => {
    expect(t("sync.pending", { n: 3 }, "en")).toBe("3 pending");
    expect(t("sync.pending", { n: 3 }, "de")).toBe("3 ausstehend");
    expect(format("{a}-{b}", { a: 1 })).toBe("1-{b}");
  });
});
