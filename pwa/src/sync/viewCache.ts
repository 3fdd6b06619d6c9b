// Role views from the server, cached in IndexedDB. Per (tournament_id, kind, key) only the view
// with the highest seq is kept, so a late or replayed message never overwrites a newer one.
import { getDb, type StoredView } from "./db";
import { report } from "./report";

export interface View {
  kind: "public" | "director" | "table" | "player" | string;
  tournament_id: number | string;
  seq: number;
  server_time?: number;
  [k: string]: any;
}

/** The per-kind key: table number for table views, entry id for player views, the sign-up's
 * number for a waiting link's view (two people may sign up on one phone), "_" otherwise. */
export function viewSubKey(v: Pick<View, "kind"> & Record<string, any>): string {
  if (v.kind === "table") return String(v.table_no ?? "_");
  if (v.kind === "player") return String(v.entry_id ?? "_");
  if (v.kind === "signup") return String(v.registration?.signup_no ?? "_");
  return "_";
}

export function viewKey(tournament_id: number | string, kind: string, key: string | number = "_"): string {
  return `${tournament_id}:${kind}:${key}`;
}

export function keyOf(v: View): string {
  return viewKey(v.tournament_id, v.kind, viewSubKey(v));
}

const listeners = new Set<(v: View) => void>();
const memory = new Map<string, View>();

export function onView(fn: (v: View) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** In-memory copy (filled by get/put); lets screens render synchronously. */
export function peek(key: string): View | undefined {
  return memory.get(key);
}

/**
 * A director delta (`partial: true`) carries the summary plus the entries and tables one command
 * changed. It applies only on top of the view with seq == base_seq; merged, it is a whole view.
 */
export function mergeDelta(base: View, delta: View): View {
  const byId = <T extends Record<string, any>>(old: T[] = [], changed: T[] = [], id: string): T[] => {
    const map = new Map<any, T>(old.map((x) => [x[id], x]));
    for (const x of changed) map.set(x[id], x);
    return [...map.values()].sort((a, b) => Number(a[id]) - Number(b[id]));
  };
  const { base_seq: _b, partial: _p, entries, tables, ...summary } = delta;
  return { ...base, ...summary, partial: false, entries: byId(base.entries, entries, "entry_id"),
           tables: byId(base.tables, tables, "table_no") };
}

/**
 * Store a view if its seq is ≥ the stored one (a delta: if it follows the stored one).
 * `gap: true` means a delta arrived that does not follow what is stored: GET the whole view. Returns the view now current for that key
 * (the incoming one if accepted, else the stored one).
 */
export async function putView(v: View): Promise<{ accepted: boolean; view: View; gap?: boolean }> {
  if (!v || typeof v !== "object" || !v.kind || v.tournament_id === undefined || typeof v.seq !== "number") {
    throw new Error("not a view");
  }
  const key = keyOf(v);
  const mem = memory.get(key);
  if (mem && mem.seq > v.seq) return { accepted: false, view: mem };
  const db = await getDb();
  const tx = db.transaction("views", "readwrite");
  const cur = (await tx.store.get(key)) as StoredView | undefined;
  let accepted = false;
  let gap = false;
  let result: View;
  if (cur && cur.seq >= v.seq && (v.partial || cur.seq > v.seq)) {
    result = cur.view;
  } else if (v.partial && (!cur || cur.seq !== v.base_seq)) {
    result = cur?.view ?? v;
    gap = true; // missed a change: only the whole view is safe
  } else if (v.partial && cur) {
    result = mergeDelta(cur.view, v);
    await tx.store.put({ key, seq: result.seq, view: result, stored_at: Date.now() });
    accepted = true;
  } else {
    await tx.store.put({ key, seq: v.seq, view: v, stored_at: Date.now() });
    accepted = true;
    result = v;
  }
  await tx.done;
  if (gap) return { accepted: false, view: result, gap };
  const m2 = memory.get(key);
  if (!m2 || m2.seq <= result.seq) memory.set(key, result);
  if (accepted) {
    for (const fn of listeners) {
      try {
        fn(result);
      } catch (e) {
        report("viewCache.listener", e); // a listener's bug must not keep the view from the others
      }
    }
  }
  return { accepted, view: result };
}

export async function getView(key: string): Promise<View | undefined> {
  const db = await getDb();
  const cur = await db.get("views", key);
  if (!cur) return memory.get(key);
  const mem = memory.get(key);
  if (mem && mem.seq > cur.seq) return mem;
  memory.set(key, cur.view);
  return cur.view;
}

/** Tests only. */
export function _forgetMemory(): void {
  memory.clear();
}

