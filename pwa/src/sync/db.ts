// The one IndexedDB database of the app: views (role views, newest seq wins), outbox
// (commands not yet decided by the server, or rejected) and meta (device id, tokens, offset).
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { report } from "./report";

export type CommandState = "pending" | "rejected";

export interface OutboxEntry {
  seq?: number; // autoincrement key: the send order
  op_id: string;
  device_id: string;
  tournament_id: number | string;
  type: string;
  payload: Record<string, unknown>;
  at: number; // server-time ms when recorded
  token: string;
  state: CommandState;
  error: string | null;
  message: string | null;
  /** The rejection's `field` (e.g. `to_seat`, `payload.to_seat`), to show the error where it belongs. */
  field?: string | null;
  /** The rejection's `params` (names, numbers): the reason in the phone's language (ui/reasons.ts). */
  params?: Record<string, unknown> | null;
  created: number; // device ms
  attempts?: number;
  /** How often the server answered this op_id with its own 500 (outbox SERVER_ERROR_LIMIT). */
  server_errors?: number;
  label?: Record<string, string | number>; // local only (names for the UI), never sent
}

export interface StoredView {
  key: string; // `${tournament_id}:${kind}:${key}`
  seq: number;
  view: any;
  stored_at: number;
}

export interface PokerfloorDB extends DBSchema {
  views: { key: string; value: StoredView };
  outbox: {
    key: number;
    value: OutboxEntry;
    indexes: { op_id: string; state: string };
  };
  meta: { key: string; value: any };
}

export const DB_NAME = "pokerfloor";
export const DB_VERSION = 1;

let dbp: Promise<IDBPDatabase<PokerfloorDB>> | null = null;

export function getDb(): Promise<IDBPDatabase<PokerfloorDB>> {
  if (!dbp) {
    dbp = openDB<PokerfloorDB>(DB_NAME, DB_VERSION, {
      upgrade(db) {
        if (!db.objectStoreNames.contains("views")) db.createObjectStore("views", { keyPath: "key" });
        if (!db.objectStoreNames.contains("outbox")) {
          const s = db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
          s.createIndex("op_id", "op_id", { unique: true });
          s.createIndex("state", "state");
        }
        if (!db.objectStoreNames.contains("meta")) db.createObjectStore("meta");
      },
      blocking() {
        // A newer version of the app wants to upgrade: let it.
        dbp?.then((d) => d.close());
        dbp = null;
      },
    });
  }
  return dbp;
}

/** For tests: forget the cached connection (a "reload"). */
export async function closeDb(): Promise<void> {
  if (dbp) {
    const d = await dbp;
    d.close();
    dbp = null;
  }
}

export async function metaGet<T = any>(key: string): Promise<T | undefined> {
  const db = await getDb();
  return (await db.get("meta", key)) as T | undefined;
}

export async function metaSet(key: string, value: unknown): Promise<void> {
  const db = await getDb();
  await db.put("meta", value, key);
}

export async function metaDelete(key: string): Promise<void> {
  const db = await getDb();
  await db.delete("meta", key);
}

let deviceIdP: Promise<string> | null = null;
export function getDeviceId(): Promise<string> {
  if (!deviceIdP) {
    deviceIdP = (async () => {
      const db = await getDb();
      const tx = db.transaction("meta", "readwrite");
      let id = (await tx.store.get("device_id")) as string | undefined;
      if (!id) {
        id = crypto.randomUUID();
        await tx.store.put(id, "device_id");
      }
      await tx.done;
      return id;
    })();
    deviceIdP.catch(() => (deviceIdP = null)); // not swallowed: the caller gets the error; the next call tries again
  }
  return deviceIdP;
}

let persistAsked = false;
export function askPersistence(): void {
  if (persistAsked) return;
  persistAsked = true;
  try {
    const s = (globalThis as any).navigator?.storage;
    if (s?.persist) {
      s.persisted?.().then((p: boolean) => (p ? undefined : s.persist())).catch((e: unknown) => report("db.persist", e));
    }
  } catch (e) {
    report("db.persist", e); // best effort: the browser may still evict the data under pressure
  }
}
