// Where phones reach this server (GET /api/venue), cached for offline like the links.
import { objectAnswer, useCachedFetch } from "../../../ui/useCachedFetch";
import type { Venue } from "../../../api/views";

export type { Venue };

export function useVenue(token: string | null | undefined): Venue | null {
  return useCachedFetch<Venue>(token ? "/api/venue" : null, { where: "director.venue", token, cache: "venue", select: objectAnswer }).data;
}

/** "AB:CD:…" in groups of four bytes ("AB:CD:EF:01:"), each kept on one line where the card
 * wraps: a group split over two lines is hard to compare with the trust page (backend/api/venue.py). */
export function fingerprintGroups(fingerprint: string, pairs = 4): string[] {
  const parts = fingerprint ? fingerprint.split(":") : [];
  const groups: string[] = [];
  for (let i = 0; i < parts.length; i += pairs) groups.push(parts.slice(i, i + pairs).join(":"));
  return groups.map((g, i) => (i < groups.length - 1 ? `${g}:` : g));
}
