// Where phones reach this server (GET /api/venue), cached for offline like the links.
import { useEffect, useState } from "preact/hooks";
import { request } from "../../sync/api";
import { metaGet, metaSet } from "../../sync/db";
import { report } from "../../sync/report";

export interface Venue {
  staff_url: string;
  player_url: string;
  secure: boolean;
  loopback: boolean;
  fix: "listen_on_lan" | "connect_network" | null;
  local_https: boolean;
  trust_url: string | null;
  ca_fingerprint: string | null;
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
