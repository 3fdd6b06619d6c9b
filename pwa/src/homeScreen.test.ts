import { describe, expect, it } from "vitest";
import { linkManifest, ownStorageAtHome } from "./homeScreen";

const BASE = {
  id: "/",
  name: "pokerfloor",
  start_url: "/",
  scope: "/",
  display: "standalone",
  icons: [{ src: "icons/icon-192.png", sizes: "192x192", type: "image/png" }],
};

describe("linkManifest", () => {
  it("starts at the link itself, every URL absolute (a blob: manifest resolves nothing)", () => {
    const href = "https://192.168.1.20:5443/#/dealer/tok3n";
    const m = linkManifest(BASE, href);
    expect(m.start_url).toBe(href);
    expect(m.scope).toBe("https://192.168.1.20:5443/");
    expect(m.icons[0].src).toBe("https://192.168.1.20:5443/icons/icon-192.png");
    expect(m.display).toBe("standalone");
    expect(m.id).toMatch(/^https:\/\/192\.168\.1\.20:5443\/\?app=dealer-[0-9a-f]{8}$/);
    expect(m.id).not.toContain("tok3n"); // the token is in start_url only
  });

  it("gives two links two apps, one link always the same", () => {
    const a = linkManifest(BASE, "http://10.0.0.5:5000/p/#/player/aaa");
    const b = linkManifest(BASE, "http://10.0.0.5:5000/p/#/player/bbb");
    expect(a.id).not.toBe(b.id);
    expect(linkManifest(BASE, "http://10.0.0.5:5000/p/#/player/aaa").id).toBe(a.id);
    expect(a.start_url).toBe("http://10.0.0.5:5000/p/#/player/aaa");
  });
});

describe("ownStorageAtHome", () => {
  it("is WebKit's (every iPhone browser), not Chrome's or Firefox's", () => {
    expect(ownStorageAtHome({ vendor: "Apple Computer, Inc." })).toBe(true);
    expect(ownStorageAtHome({ vendor: "Google Inc." })).toBe(false);
    expect(ownStorageAtHome({ vendor: "" })).toBe(false);
  });
});
