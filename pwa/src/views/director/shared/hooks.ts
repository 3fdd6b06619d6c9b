// The director's tournament screen's data beyond the views: the preset's rules, where the clock
// stands (for the entry windows and a halt at a stop), the refused commands to review.
import { useEffect, useState } from "preact/hooks";
import type { Socket } from "socket.io-client";
import type { StructureEntry } from "../../../clock/clock";
import { clockAt } from "../../../clock/clock";
import { entryWindows, type EntryWindows, type PresetFormat } from "../../../money/money";
import { currentSocket, onConnection } from "../../../sync/socket";
import { serverNow as serverTime } from "../../../sync/timeOffset";
import type { Rejections } from "../../../api/views";
import { useCachedFetch } from "../../../ui/useCachedFetch";
import { setHouseRules } from "../../../ui/houseRules";

export interface PresetRules {
  format: (PresetFormat & { late_seat?: unknown; id_check?: boolean }) | null;
  penalties: { options: string[]; orbits: number[] } | null;
  headhunter: { start_chips: number; wild_card_at: number } | null;
}

type PresetAnswer = PresetRules & { cite: Record<string, string | null> | null };
const NO_RULES: PresetRules = { format: null, penalties: null, headhunter: null };

const presetRules = (p: any): PresetAnswer | null =>
  p && typeof p === "object"
    ? { format: p.format ?? {}, penalties: p.penalties ?? null, headhunter: p.headhunter ?? null, cite: p.cite ?? null }
    : null;

/** The preset's `format`, `penalties` and `headhunter`: fetched once, cached for offline use. */
export function usePreset(presetId: string | null | undefined, token: string | null): PresetRules {
  const url = presetId && token ? `/api/presets/${encodeURIComponent(presetId)}` : null;
  const { data } = useCachedFetch<PresetAnswer>(url, { where: "director.preset", token, cache: `preset-rules:${presetId}`, select: presetRules });
  useEffect(() => {
    if (data) setHouseRules(data.cite); // the house's own rule ids in the dialogs' texts
  }, [data]);
  return data ?? NO_RULES;
}

/** Where the clock stands now (level, halted at a stop); re-renders when it reaches the next entry. */
export function useClockAt(view: any): ReturnType<typeof clockAt> | null {
  const structure: StructureEntry[] = view?.structure ?? [];
  const clock = view?.clock;
  const [, tick] = useState(0);
  const at = structure.length && clock ? clockAt(structure, clock, serverTime()) : null;
  const boundary = at && clock.status === "running" && !at.finished ? at.remaining_ms : null;
  useEffect(() => {
    if (boundary == null) return;
    const id = setTimeout(() => tick((x) => x + 1), Math.min(boundary + 50, 2_000_000_000));
    return () => clearTimeout(id);
  }, [at?.index, clock?.status, clock?.anchor_at, clock?.level_index, clock?.elapsed_ms]);
  return at;
}

/** Which entry windows the clock has open (rebuy and re-entry before their deadline, the add-on at its break). */
export function windowsAt(view: any, at: ReturnType<typeof clockAt> | null): EntryWindows {
  return at ? entryWindows(view?.deadlines, at) : {};
}

/** Commands the server refused from any phone: refetched when the server says a command was
 * refused (socket "review"), on every (re)connect, and every 30 s as a fallback. */
export function useReview(tid: string, token: string | null, lang: string): Rejections | null {
  const url = token ? `/api/tournaments/${encodeURIComponent(tid)}/rejections?lang=${lang}&limit=50` : null;
  const { data, refresh } = useCachedFetch<Rejections>(url, {
    where: "director.review",
    token,
    cache: `review:${tid}`,
    refreshMs: 30_000,
    select: (r) => (Array.isArray(r?.items) ? r : null),
  });
  useEffect(() => {
    let sock: Socket | null = null;
    const onReview = () => refresh();
    const attach = () => {
      const s = currentSocket();
      if (s === sock) return;
      sock?.off("review", onReview);
      sock = s;
      sock?.on("review", onReview);
    };
    attach();
    const off = onConnection((connected) => {
      attach();
      if (connected) refresh();
    });
    return () => {
      off();
      sock?.off("review", onReview);
    };
  }, [tid, token]);
  return data;
}
