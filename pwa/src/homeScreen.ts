// "Add to Home Screen" from a personal link must open that link again.
//
// An app added to the home screen starts at its manifest's start_url. Ours is "/", where the app
// looks up the last link this phone opened (Home in app.tsx) — which works where the home-screen
// app shares the browser's storage (Chrome, Firefox, Samsung on Android). WebKit's do not: on an
// iPhone the home-screen app has storage of its own, empty at first, so "/" opened the sign-in
// page. There the page's manifest is replaced, for a dealer's, player's or TV link, by one whose
// start_url is the link itself (a blob: URL, made on the phone: the token never leaves it).
// Chrome gets no such manifest: its installed apps are built by a Google server from the
// manifest, start_url included, and a token must not travel there (docs/venue.md).

const LINK_ROUTE = /^#\/(dealer|player|display)\/[^/]+/;

/** Home-screen apps keep storage of their own: WebKit's (every iPhone and iPad browser, Safari on
 * a Mac, GNOME Web). The one vendor string WebKit gives on every platform. */
export function ownStorageAtHome(nav: { vendor?: string } = navigator): boolean {
  return nav.vendor === "Apple Computer, Inc.";
}

/** A short, stable id for a link (FNV-1a of its route): two links on one phone, two apps. */
function linkId(route: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < route.length; i++) h = Math.imul(h ^ route.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

/** The app's manifest for one link: start_url is the link; every URL absolute (a blob: manifest
 * resolves nothing relative). Pure, for the tests. */
export function linkManifest(base: Record<string, any>, href: string): Record<string, any> {
  const url = new URL(href);
  const route = url.hash.match(LINK_ROUTE)?.[0] ?? url.hash;
  const abs = (u: string) => new URL(u, `${url.origin}/`).href;
  return {
    ...base,
    id: abs(`/?app=${route.split("/")[1]}-${linkId(route)}`),
    start_url: href,
    scope: abs(base.scope ?? "/"),
    icons: (base.icons ?? []).map((i: Record<string, any>) => ({ ...i, src: abs(i.src) })),
  };
}

let base: Promise<Record<string, any> | null> | null = null;
let made: string | null = null;
let onError: (e: unknown) => void = () => undefined;

async function point(link: HTMLLinkElement, staticHref: string): Promise<void> {
  if (!LINK_ROUTE.test(location.hash)) {
    if (link.href !== staticHref) link.href = staticHref;
    delete link.dataset.startUrl;
    return;
  }
  base ??= fetch(staticHref)
    .then((r) => (r.ok ? r.json() : null))
    .catch((e) => (onError(e), null)); // offline and not cached: tried at the next link
  const manifest = await base;
  if (!manifest) {
    base = null;
    return;
  }
  const own = linkManifest(manifest, location.href);
  const blob = new Blob([JSON.stringify(own)], { type: "application/manifest+json" });
  if (made) URL.revokeObjectURL(made);
  made = URL.createObjectURL(blob);
  link.href = made;
  link.dataset.startUrl = own.start_url; // where the home-screen app will start (the CSP lets no script read a blob:)
}

/** On WebKit: the manifest follows the link shown (called once at start-up). `report` is passed
 * in, not imported: a chunk with no imports of its own costs the entry nothing to load it. */
export function followLinksAtHome(report: (where: string, e: unknown) => void): void {
  onError = (e) => report("homeScreen.manifest", e);
  if (typeof document === "undefined" || !ownStorageAtHome()) return;
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) return;
  const staticHref = link.href;
  const go = () => void point(link, staticHref);
  window.addEventListener("hashchange", go);
  go();
}
