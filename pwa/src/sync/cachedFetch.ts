// Answers that are not pushed views (the venue, a league, a preset's house rules, a club's lists):
// GET them, keep the last good answer on the phone for offline (IndexedDB, `snap:` entries of the views store),
// show that kept copy until a fresh one arrives, GET again on a timer, and say why a GET failed.
// The hook ui/useCachedFetch.ts runs this for a screen; here it has no UI, so it is tested alone.
import { request } from "./api";
import { getDb } from "./db";
import { report } from "./report";

/**
 * The last good answers, kept in the views store under `snap:<name>` apart from the role views.
 * The newest fetch wins (they carry no seq of their own).
 */
export async function putSnapshot(name: string, data: unknown): Promise<void> {
  const db = await getDb();
  await db.put("views", { key: `snap:${name}`, seq: 0, view: data, stored_at: Date.now() });
}

export async function getSnapshot<T = any>(name: string): Promise<T | undefined> {
  const db = await getDb();
  const cur = await db.get("views", `snap:${name}`);
  return cur ? (cur.view as T) : undefined;
}

/** Why the last GET failed: `status` null when no answer came (offline, time-out). */
export interface FetchError {
  status: number | null;
  message: string | null;
}

export interface FetchState<T> {
  /** The newest good answer; until one arrives, the copy kept from before (or null). */
  data: T | null;
  /** No answer (good or bad) yet. */
  loading: boolean;
  /** Why the last GET failed; null after a good one. A failed GET keeps the data shown. */
  error: FetchError | null;
}

export interface CachedFetchOptions<T> {
  /** Where failures are reported ("module.thing"; report()). */
  where: string;
  token?: string | null;
  /** Kept on the phone under this name and shown from there first; none: not kept. */
  cache?: string | null;
  /** The usable part of the answer; null: not usable (an error, and not kept). Default: all of it. */
  select?: (answer: any) => T | null | undefined;
  /** GET again every this many ms while it runs. */
  refreshMs?: number;
  /** Wait this long before the first GET: changes in quick succession (a restart each) make one GET. */
  delayMs?: number;
}

/** One step of a cached GET: the kept copy (shown only while nothing newer is), or an answer. */
export type FetchStep<T> = { kept: T } | Partial<FetchState<T>>;

/** Starts GETting `url` (now and every `refreshMs`), after reading the kept copy; each step goes to
 * `update`. Returns the function that stops it: later answers are then dropped. */
export function runCachedFetch<T>(url: string, opts: CachedFetchOptions<T>, update: (step: FetchStep<T>) => void): () => void {
  const { where, token, cache, select, refreshMs, delayMs } = opts;
  let alive = true;
  let answered = false;
  if (cache)
    getSnapshot<T>(cache)
      .then((kept) => alive && !answered && kept != null && update({ kept }))
      .catch((e) => report(`${where}_cache`, e));
  const get = () =>
    request(url, { token })
      .then((r) => {
        if (!alive) return;
        const data = r.ok ? ((select ? select(r.data) : r.data) ?? null) : null;
        if (data == null) return update({ loading: false, error: { status: r.status, message: r.data?.message ?? null } });
        answered = true;
        update({ data, loading: false, error: null });
        if (cache) putSnapshot(cache, data).catch((e) => report(`${where}_save`, e));
      })
      .catch((e) => {
        report(where, e); // offline: the kept copy stays
        if (alive) update({ loading: false, error: { status: null, message: null } });
      });
  const first = delayMs ? setTimeout(get, delayMs) : (void get(), null);
  const timer = refreshMs ? setInterval(get, refreshMs) : null;
  return () => {
    alive = false;
    if (first) clearTimeout(first);
    if (timer) clearInterval(timer);
  };
}

/** A state with one step applied: the kept copy only fills an empty state. */
export function applyStep<T>(state: FetchState<T>, step: FetchStep<T>): FetchState<T> {
  if ("kept" in step) return state.data == null ? { ...state, data: step.kept as T } : state;
  return { ...state, ...step };
}

/** `select` for an answer that must be a list / an object (anything else is not usable). */
export const listAnswer = <T>(answer: unknown): T[] | null => (Array.isArray(answer) ? answer : null);
export const objectAnswer = <T>(answer: unknown): T | null => (answer && typeof answer === "object" ? (answer as T) : null);
