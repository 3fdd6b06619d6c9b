// Where phones reach this server (GET /api/venue), cached for offline like the links.
import { useEffect, useState } from "preact/hooks";
import { request } from "../../../sync/api";
import { metaGet, metaSet } from "../../../sync/db";
import { report } from "../../../sync/report";

export interface Venue {
  staff_url: string;
  player_url: string;
  secure: boolean;
  loopback: boolean;
  fix: "listen_on_lan" | "connect_network" | null;
  local_https: boolean;
  trust_url: string | null;
  ca_fingerprint: string | null;
  /** The address printed QR codes carry when it is not this server's any more (backend/printed.py). */
  printed_url: string | null;
  other_urls: string[];
}

export function useVenue(token: string | null | undefined): Venue | null {
  const [venue, setVenue] = useState<Venue | null>(null);
  useEffect(() => {
    if (!token) return;
    let alive = true;
    metaGet<Venue>("venue").then((v) => alive && v && setVenue((cur) => cur ?? v)).catch((e) => report("director.venue_cache", e));
    request<Venue>("/api/venue", { token })
      .then((r) => {
        if (!alive || !r.ok || !r.data || typeof r.data !== "object") return;
        setVenue(r.data);
        void metaSet("venue", r.data).catch((e) => report("director.venue_save", e));
      })
      .catch((e) => report("director.venue", e)); // offline: the cached address
    return () => {
      alive = false;
    };
  }, [token]);
  return venue;
}

/** "AB:CD:…" in groups of four bytes ("AB:CD:EF:01:"), each kept on one line where the card
 * wraps: a group split over two lines is hard to compare with the trust page (backend/api/venue.py). */
export function fingerprintGroups(fingerprint: string, pairs = 4): string[] {
  const parts = fingerprint ? fingerprint.split(":") : [];
  const groups: string[] = [];
  for (let i = 0; i < parts.length; i += pairs) groups.push(parts.slice(i, i + pairs).join(":"));
  return groups.map((g, i) => (i < groups.length - 1 ? `${g}:` : g));
}
