import { useEffect, useState } from "preact/hooks";

export type Route =
  | { name: "setup"; token: string }
  | { name: "login" }
  | { name: "director" }
  | { name: "tournament"; tid: string }
  | { name: "structure"; tid: string }
  | { name: "audit"; tid: string }
  | { name: "leagues" }
  | { name: "league"; id: string }
  | { name: "dealer"; token: string }
  | { name: "player"; token: string }
  | { name: "season"; token: string }
  | { name: "club"; slug: string }
  // `query`: what follows "?" in the TV's link (its layout and theme: ui/screens.ts screenOptions)
  | { name: "display"; token: string; query: string }
  | { name: "home" };

export function parseHash(hash: string): Route {
  const [h, query = ""] = hash.replace(/^#/, "").split("?", 2);
  const parts = h.split("/").filter(Boolean).map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p; // a malformed %-escape: not a failure, the part as typed
    }
  });
  const [a, b, c] = parts;
  switch (a) {
    case "setup":
      if (b) return { name: "setup", token: b };
      break;
    case "login":
      return { name: "login" };
    case "director":
      if (b === "leagues") return c ? { name: "league", id: c } : { name: "leagues" };
      if (b && c === "structure") return { name: "structure", tid: b };
      if (b && c === "audit") return { name: "audit", tid: b };
      return b ? { name: "tournament", tid: b } : { name: "director" };
    case "dealer":
    case "player":
    case "season": // a player's season page (src/views/season/), from his personal link's token
      if (b) return { name: a, token: b };
      break;
    case "club":
      // The club's public page (/c/<slug> redirects here): no token, no login.
      if (b) return { name: "club", slug: b };
      break;
    case "display":
      if (b) return { name: "display", token: b, query };
      break;
  }
  return { name: "home" };
}

/** The hash route of the club's short link /c/<slug> (its QR on the club's wall), or null. The
 * server redirects it to #/club/<slug>, but a phone whose service worker serves the app shell for
 * every navigation never asks the server: the app reads the path itself. */
export function shortLinkHash(pathname: string): string | null {
  const m = /^\/c\/([^/]+)\/?$/.exec(pathname);
  return m ? `#/club/${m[1]}` : null;
}

/** The role app (a chunk of its own, pwa/src/views/<role>/) that shows a route; null: the core's Home.
 * "season" is the player's season page: a part of its own, the player's chunk being at its budget. */
export type Role = "director" | "dealer" | "player" | "display" | "season";
export function roleOf(r: Route): Role | null {
  switch (r.name) {
    case "dealer":
    case "player":
    case "display":
    case "season":
      return r.name;
    case "club":
      // The club's public page with its sign-up: the players' side, in the player chunk (a chunk
      // of its own split the shared core off the entry and put the dealer over its budget).
      return "player";
    case "home":
      return null;
    default:
      return "director";
  }
}

export function navigate(path: string): void {
  const h = path.startsWith("#") ? path : `#${path}`;
  if (location.hash === h) return;
  location.hash = h;
}

export function useRoute(): Route {
  const [r, set] = useState<Route>(() => parseHash(location.hash));
  useEffect(() => {
    const on = () => set(parseHash(location.hash));
    window.addEventListener("hashchange", on);
    return () => window.removeEventListener("hashchange", on);
  }, []);
  return r;
}
