// Why the desk's camera did not start, as the desk says it: refused, none there, or another failure.
import { describe, expect, it } from "vitest";
import { cameraProblem } from "./QrScanner";

const domError = (name: string, message = "") => Object.assign(new Error(message), { name });

describe("cameraProblem", () => {
  it("a refused camera (the person, or the page's policy) is 'denied'", () => {
    expect(cameraProblem(domError("NotAllowedError"))).toEqual({ kind: "denied" });
    expect(cameraProblem(domError("SecurityError"))).toEqual({ kind: "denied" });
  });
  it("no camera at all, or none that films the room, is 'no_camera'", () => {
    expect(cameraProblem(domError("NotFoundError"))).toEqual({ kind: "no_camera" });
    expect(cameraProblem(domError("OverconstrainedError"))).toEqual({ kind: "no_camera" });
  });
  it("anything else says what the browser said (a camera busy in another app)", () => {
    expect(cameraProblem(domError("NotReadableError", "Could not start video source"))).toEqual({ kind: "failed", message: "Could not start video source" });
    expect(cameraProblem("odd")).toEqual({ kind: "failed", message: "odd" });
  });
});
