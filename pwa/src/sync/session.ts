// Tokens and "who am I" per token, kept in IndexedDB (meta) so a reload of the same hash route
// works offline; plus GETting a role's views after any gap.
import { metaGet, metaSet, metaDelete } from "./db";
import { api, ApiError, request } from "./api";
import { putView, type View } from "./viewCache";
import { report } from "./report";
import { noteAnswer } from "./connection";
import { takeFirstScreen, type FirstScreen } from "./firstScreen";
import type * as schema from "../api/views";

export type Role = schema.Me["role"];

/** What a director may do in his club: everything, only the tournaments he runs, read only. */
export type Access = schema.Director["access"];

/** A director as the server sends him; `access` and `admin` may be absent in a sign-in stored before clubs (full). */
export type DirectorInfo = Omit<schema.Director, "access" | "admin"> & Partial<Pick<schema.Director, "access" | "admin">>;

export type Club = schema.Club;

export type Me = Omit<schema.Me, "director"> & { director?: DirectorInfo | null };

export interface DirectorAuth {
  token: string;
  director: DirectorInfo | null;
  club?: Club | null;
}

const DIRECTOR_KEY = "token:director";
let directorCache: DirectorAuth | null | undefined;

export async function getDirectorAuth(): Promise<DirectorAuth | null> {
  if (directorCache !== undefined) return directorCache;
  let v: DirectorAuth | null = (await metaGet<DirectorAuth>(DIRECTOR_KEY).catch((e) => report("session.read", e))) ?? null;
  if (!v) {
    try {
      const raw = globalThis.localStorage?.getItem("pokerfloor.director");
      if (raw) v = JSON.parse(raw);
    } catch (e) {
      report("session.read_copy", e); // private mode or a broken copy: not logged in
    }
  }
  directorCache = v;
  return v;
}

export async function setDirectorAuth(a: DirectorAuth | null): Promise<void> {
  directorCache = a;
  try {
    if (a) globalThis.localStorage?.setItem("pokerfloor.director", JSON.stringify(a));
    else globalThis.localStorage?.removeItem("pokerfloor.director");
  } catch (e) {
    report("session.write_copy", e); // only the spare copy: IndexedDB below is the one that counts
  }
  if (a) await metaSet(DIRECTOR_KEY, a);
  else await metaDelete(DIRECTOR_KEY);
}

/** The cached /api/me answer for a token (dealer, player, display links). */
export async function getCachedMe(token: string): Promise<Me | null> {
  return ((await metaGet<Me>(`me:${token}`).catch((e) => report("session.cached_me", e))) ?? null) as Me | null;
}

export type MeResult = { me: Me; fresh: boolean } | { invalid: true; message: string; code?: string; tableNo?: number | null } | { offline: true; me: Me | null };

/** The views of the boot script's answer, once: the screen's first refreshViews (on mount) does not ask
 * again. Only the first: a later one (the socket's connect) must ask, or a change between the answer
 * and the connect would be missed; so once a link has asked, a boot answer arriving later is not kept. */
let bootViews: { token: string; tid: number | string; views: View[] } | null = null;
const refreshed = new Set<string>();

/** The boot script's answer (sync/firstScreen.ts): who the token is and its views, stored as /api/me's
 * answer and the views' GETs would be. Null: no usable answer, ask the server. */
async function fromFirstScreen(token: string): Promise<MeResult | null> {
  const early = await takeFirstScreen(token)?.catch(() => null);
  if (!early || !early.status) return null;
  noteAnswer(true);
  const data = early.data as FirstScreen | null;
  if (early.status === 200 && data && typeof data.me === "object" && Array.isArray(data.views)) {
    // Stored side by side: the views before the screen learns its tournament, so it shows them at once.
    const [stored] = await Promise.all([
      Promise.all(data.views.map((v) => putView(v).then((r) => r.view, (e) => void report("session.put_view", e)))),
      metaSet(`me:${token}`, data.me),
      metaSet("last_token", token),
    ]);
    const views = stored.filter((v): v is View => !!v); // one that did not store: the GET on connect brings it
    const tid = data.me.tournament_id;
    if (tid != null && !refreshed.has(`${token} ${tid}`)) bootViews = { token, tid, views };
    return { me: data.me, fresh: true };
  }
  if (early.status === 401 || early.status === 403) {
    const d = (early.data as any) ?? {};
    return { invalid: true, message: d.message ?? "invalid token", code: d.error, tableNo: d.table_no ?? null };
  }
  return null;
}

/** Ask the server who this token is; fall back to the cached answer when offline. */
export async function resolveMe(token: string): Promise<MeResult> {
  try {
    const early = await fromFirstScreen(token);
    if (early) return early;
  } catch (e) {
    report("session.first_screen", e); // storage trouble: ask the server as usual
  }
  try {
    const r = await request<Me>("/api/me", { token });
    if (r.ok && r.data && typeof r.data === "object") {
      await metaSet(`me:${token}`, r.data);
      await metaSet("last_token", token);
      return { me: r.data, fresh: true };
    }
    if (r.status === 401 || r.status === 403) {
      const data = (r.data as any) ?? {};
      return { invalid: true, message: data.message ?? "invalid token", code: data.error, tableNo: data.table_no ?? null };
    }
  } catch (e) {
    report("session.me", e); // offline, mostly: the screen runs on the cached answer, the badge says offline
  }
  return { offline: true, me: await getCachedMe(token) };
}

export async function rememberMe(token: string, me: Me): Promise<void> {
  await metaSet(`me:${token}`, me);
}

/** GET the caller's role view and the public view, store them (seq rule applies). */
export async function refreshViews(tid: number | string, token: string): Promise<View[]> {
  const boot = bootViews;
  bootViews = null;
  const first = !refreshed.has(`${token} ${tid}`);
  refreshed.add(`${token} ${tid}`);
  if (first && boot && boot.token === token && String(boot.tid) === String(tid) && boot.views.length) return boot.views;
  const out: View[] = [];
  const paths = [`/api/tournaments/${tid}/view`, `/api/tournaments/${tid}/public`];
  const results = await Promise.allSettled(paths.map((p) => api<View>(p, { token })));
  for (const r of results) {
    if (r.status === "fulfilled" && r.value && typeof r.value === "object" && r.value.kind) {
      try {
        const { view } = await putView(r.value);
        out.push(view);
      } catch (e) {
        report("session.put_view", e); // not a view, or storage trouble: the socket brings it again
      }
    }
  }
  const firstErr = results.find((r) => r.status === "rejected") as PromiseRejectedResult | undefined;
  if (!out.length && firstErr) throw firstErr.reason;
  return out;
}

export function isAuthError(e: unknown): boolean {
  return e instanceof ApiError && e.status === 401;
}
