import { describe, expect, it } from "vitest";
import { cardText } from "./cardText";

describe("cardText (P-SidePots card draw)", () => {
  it("reads rank then suit", () => {
    expect(cardText("Ts")).toBe("10♠");
    expect(cardText("Kh")).toBe("K♥");
    expect(cardText("2c")).toBe("2♣");
    expect(cardText("Ad")).toBe("A♦");
  });
});
