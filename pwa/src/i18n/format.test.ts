import { afterEach, describe, expect, it } from "vitest";
import { currencyUnit, formatDecimal, formatMoney, formatNumber, getRegion, ordinal, regionOf, setRegion } from "./format";
// the re-export the screens import from
import * as i18n from "./index";

afterEach(() => setRegion(null));

describe("numbers and money in the tournament's locale", () => {
  it("de-CH groups with ' and writes CHF after the amount", () => {
    setRegion("CH");
    expect(formatNumber(3750, "de")).toBe("3'750");
    expect(formatNumber(1234567, "de")).toBe("1'234'567");
    expect(formatMoney(3750, "CHF", "de")).toBe("3'750 CHF");
    expect(formatMoney(96.5, "CHF", "de")).toBe("96.50 CHF");
    expect(formatDecimal(7.5, 1, "de")).toBe("7.5");
    // never ICU's typographic ’ (U+2019): the same sign everywhere, as the issue and rulebooks write it
    expect(formatMoney(1234567, "CHF", "de")).not.toContain("\u2019");
  });
  it("de-DE groups with . and writes € after the amount", () => {
    setRegion("DE");
    expect(formatNumber(3750, "de")).toBe("3.750");
    expect(formatMoney(3750, "EUR", "de")).toBe("3.750 €");
    expect(formatMoney(75.5, "EUR", "de")).toBe("75,50 €");
    expect(formatDecimal(7.5, 1, "de")).toBe("7,5");
  });
  it("English groups with , in any region", () => {
    for (const r of ["CH", "DE"]) {
      setRegion(r);
      expect(formatNumber(3750, "en")).toBe("3,750");
      expect(formatMoney(3750, "CHF", "en")).toBe("3,750 CHF");
      expect(formatMoney(3750, "EUR", "en")).toBe("3,750 €");
      expect(formatDecimal(7.5, 1, "en")).toBe("7.5");
    }
  });
  it("the region comes from the view's data: region, else currency, else Germany", () => {
    expect(regionOf({ region: "CH", currency: "EUR" })).toBe("CH");
    expect(regionOf({ currency: "CHF" })).toBe("CH");
    expect(regionOf({ currency: "EUR" })).toBe("DE");
    expect(regionOf({ currency: "USD" })).toBe("DE");
    expect(regionOf(null)).toBe("DE");
    setRegion("xx1");
    expect(getRegion()).toBe("DE");
  });
  it("nothing is a dash; units are € for EUR, else the code", () => {
    expect(formatNumber(null)).toBe("–");
    expect(formatMoney(undefined, "CHF")).toBe("–");
    expect(formatMoney(NaN, "CHF")).toBe("–");
    expect(currencyUnit("EUR")).toBe("€");
    expect(currencyUnit("CHF")).toBe("CHF");
    expect(formatMoney(5, "")).toBe("5");
  });
  it("index.ts re-exports the formatters, and the default language and region apply", () => {
    setRegion("CH");
    expect(i18n.formatNumber(3750, "de")).toBe("3'750");
    expect(i18n.ordinal(21, "en")).toBe("21st");
    expect(i18n.ordinal(12, "en")).toBe("12th");
    expect(ordinal(3, "de")).toBe("3.");
    expect(i18n.setRegion).toBe(setRegion);
  });
});
