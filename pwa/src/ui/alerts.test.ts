// Sounds are unlocked by a gesture the phone's browser counts as one. WebKit on an iPhone does
// not count a touch's pointerdown (HTML's activation-triggering events: touchend, click, keydown;
// pointerdown only from a mouse), so a tap must unlock on touchend or click — and an unlock that
// did not take (still suspended) must be tried again at the next tap, not given up.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UNLOCK_EVENTS, _resetAudio, primeAudio } from "./alerts";

class FakeAudioContext {
  static made: FakeAudioContext[] = [];
  /** Whether the current event counts as a gesture (set by the test, as the browser would). */
  static gesture = false;
  state: "suspended" | "running" = "suspended";
  resumes = 0;
  currentTime = 0;
  destination = {};
  constructor() {
    FakeAudioContext.made.push(this);
  }
  resume() {
    this.resumes += 1;
    if (FakeAudioContext.gesture) this.state = "running";
    return Promise.resolve();
  }
}

const target = new EventTarget();
function tap(type: string, gesture: boolean) {
  FakeAudioContext.gesture = gesture;
  target.dispatchEvent(new Event(type));
  FakeAudioContext.gesture = false;
}
const flush = () => new Promise((r) => setTimeout(r, 0));

describe("primeAudio", () => {
  beforeEach(() => {
    FakeAudioContext.made = [];
    _resetAudio();
    (globalThis as any).window = { AudioContext: FakeAudioContext };
  });
  afterEach(() => {
    delete (globalThis as any).window;
  });

  it("listens to the events WebKit accepts as a gesture, not pointerdown", () => {
    expect([...UNLOCK_EVENTS].sort()).toEqual(["click", "keydown", "touchend"]);
    primeAudio(target);
    tap("pointerdown", false); // a touch's pointerdown on an iPhone: no gesture, nothing to do
    expect(FakeAudioContext.made).toHaveLength(0);
    tap("touchend", true);
    expect(FakeAudioContext.made).toHaveLength(1);
    expect(FakeAudioContext.made[0].state).toBe("running");
  });

  it("tries again at the next tap while the sound stays locked, then stops listening", async () => {
    primeAudio(target);
    tap("click", false); // refused (not a gesture for this browser)
    await flush();
    const ctx = FakeAudioContext.made[0];
    expect(ctx.state).toBe("suspended");
    tap("keydown", true);
    await flush();
    expect(ctx.state).toBe("running");
    const resumes = ctx.resumes;
    tap("touchend", true);
    await flush();
    expect(ctx.resumes).toBe(resumes); // unlocked: the listeners are gone
  });
});
