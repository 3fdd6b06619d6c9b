// The director's tournament screen's data beyond the views: the preset's rules, where the clock
// stands (for the entry windows and a halt at a stop), the refused commands to review.
import { useEffect, useRef, useState } from "preact/hooks";
import type { Socket } from "socket.io-client";
import type { StructureEntry } from "../../../clock/clock";
import { clockAt } from "../../../clock/clock";
import { entryWindows, type EntryWindows, type PresetFormat } from "../../../money/money";
import { request } from "../../../sync/api";
import { metaGet, metaSet } from "../../../sync/db";
import { report } from "../../../sync/report";
import { currentSocket, onConnection } from "../../../sync/socket";
import { serverNow as serverTime } from "../../../sync/timeOffset";
import type { Rejection } from "../tools/ReviewCard";
import { setHouseRules } from "../../../ui/houseRules";

export interface PresetRules {
  format: (PresetFormat & { late_seat?: unknown; id_check?: boolean }) | null;
  penalties: { options: string[]; orbits: number[] } | null;
  headhunter: { start_chips: number; wild_card_at: number } | null;
}

/** The preset's `format`, `penalties` and `headhunter`: fetched once, cached for offline use. */
export function usePreset(presetId: string | null | undefined, token: string | null): PresetRules {
  const [rules, setRules] = useState<PresetRules>({ format: null, penalties: null, headhunter: null });
  useEffect(() => {
    if (!presetId || !token) return;
    let alive = true;
    const key = `preset-format:${presetId}`;
    const rkey = `preset-rules:${presetId}`;
    metaGet<any>(key)
      .then((v) => alive && v && setRules((cur) => (cur.format ? cur : { ...cur, format: v })))
      .catch((e) => report("director.preset_cache", e));
    metaGet<any>(rkey)
      .then((v) => {
        if (!alive || !v) return;
        if (v.cite) setHouseRules(v.cite);
        setRules((cur) => (cur.penalties || cur.headhunter ? cur : { ...cur, penalties: v.penalties ?? null, headhunter: v.headhunter ?? null }));
      })
      .catch((e) => report("director.preset_cache", e));
    request<any>(`/api/presets/${encodeURIComponent(presetId)}`, { token })
      .then((r) => {
        if (!alive || !r.ok || !r.data) return;
        const f = r.data?.format ?? {};
        const extra = { penalties: r.data?.penalties ?? null, headhunter: r.data?.headhunter ?? null, cite: r.data?.cite ?? null };
        setHouseRules(extra.cite); // the house's own rule ids in the dialogs' texts
        setRules({ format: f, ...extra });
        void metaSet(key, f).catch((e) => report("director.preset_save", e));
        void metaSet(rkey, extra).catch((e) => report("director.preset_save", e));
      })
      .catch((e) => report("director.preset", e)); // offline: the cached rules
    return () => {
      alive = false;
    };
  }, [presetId, token]);
  return rules;
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

export interface Rejections {
  count: number;
  items: Rejection[];
}

/** Commands the server refused from any phone: refetched when the server says a command was
 * refused (socket "review"), on every (re)connect, and every 30 s as a fallback. */
export function useReview(tid: string, token: string | null, lang: string): Rejections | null {
  const [data, setData] = useState<Rejections | null>(null);
  const load = useRef<() => void>(() => undefined);
  load.current = () => {
    if (!token) return;
    request<Rejections>(`/api/tournaments/${encodeURIComponent(tid)}/rejections?lang=${lang}&limit=50`, { token })
      .then((r) => {
        if (r.ok && r.data && Array.isArray(r.data.items)) {
          setData(r.data);
          void metaSet(`review:${tid}`, r.data).catch((e) => report("director.review_save", e));
        }
      })
      .catch((e) => report("director.review", e)); // offline: keep what we have
  };
  useEffect(() => {
    let alive = true;
    metaGet<Rejections>(`review:${tid}`).then((v) => alive && v && setData((cur) => cur ?? v)).catch((e) => report("director.review_cache", e));
    return () => {
      alive = false;
    };
  }, [tid]);
  useEffect(() => load.current(), [tid, token, lang]);
  useEffect(() => {
    let sock: Socket | null = null;
    const onReview = () => load.current();
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
      if (connected) load.current();
    });
    const timer = setInterval(() => load.current(), 30_000);
    return () => {
      off();
      sock?.off("review", onReview);
      clearInterval(timer);
    };
  }, [tid, token]);
  return data;
}
