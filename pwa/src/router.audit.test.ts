import { describe, expect, it } from "vitest";
import { parseHash } from "./router";

describe("director routes", () => {
  it("opens the audit log of a tournament", () => {
    expect(parseHash("#/director/12/audit")).toEqual({ name: "audit", tid: "12" });
    expect(parseHash("#/director/12")).toEqual({ name: "tournament", tid: "12" });
    expect(parseHash("#/director/12/structure")).toEqual({ name: "structure", tid: "12" });
  });
});
