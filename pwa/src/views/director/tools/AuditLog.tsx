import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang, formatTime } from "../../../i18n";
import { Shell } from "../../../ui/Shell";
import { request } from "../../../sync/api";
import { setDirectorAuth } from "../../../sync/session";
import { navigate } from "../../../router";
import { useDirectorTournament } from "../shared/useDirector";
import "./directorTools.css";

import type { AuditItem, AuditPage } from "../../../api/views";

const LIMIT = 50;

/** Who did what and when: the tournament's event log newest first, 50 at a time, by table.
 * New events appear at the top as the tournament changes (the live director view's seq). */
export function AuditLog(props: { tid: string }) {
  const lang = useLang();
  const { tid } = props;
  const { token, invalid, dview, view } = useDirectorTournament(tid);
  const tables: number[] = (dview?.tables ?? []).map((x: { table_no: number }) => x.table_no);
  const [table, setTable] = useState("");
  const [items, setItems] = useState<AuditItem[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = useRef<{ key: string; items: AuditItem[] }>({ key: "", items: [] });

  useEffect(() => {
    if (invalid) void setDirectorAuth(null).then(() => navigate("/login"));
  }, [invalid]);

  function path(before: number | null) {
    const q = new URLSearchParams({ lang, limit: String(LIMIT) });
    if (table) q.set("table", table);
    if (before != null) q.set("before", String(before));
    return `/api/tournaments/${encodeURIComponent(tid)}/audit?${q}`;
  }

  async function fetchPage(before: number | null): Promise<AuditPage | null> {
    try {
      const r = await request<AuditPage>(path(before), { token });
      if (r.ok && r.data && Array.isArray(r.data.items)) {
        setError(null);
        return r.data;
      }
      setError((r.data as any)?.message ?? `${t("common.error")} (${r.status})`);
    } catch {
      setError(t("common.network_error"));
    }
    return null;
  }

  // First page on open, on a new filter or language; newer events merged on top as seq moves.
  const key = `${tid}|${table}|${lang}`;
  useEffect(() => {
    if (!token) return;
    let alive = true;
    fetchPage(null).then((page) => {
      if (!alive || !page) return;
      const cur = shown.current;
      const same = cur.key === key && cur.items.length > 0;
      const top = same ? cur.items[0].seq : 0;
      const newer = page.items.filter((i) => i.seq > top);
      // The new first page reaches what is shown: put the newer events on top, keep the rest.
      const joined = same && newer.length < page.items.length;
      const merged = joined ? [...newer, ...cur.items] : page.items;
      if (!joined) setNext(page.next_before);
      shown.current = { key, items: merged };
      setItems(merged);
    });
    return () => {
      alive = false;
    };
  }, [token, key, dview?.seq]);

  async function more() {
    if (next == null || busy) return;
    setBusy(true);
    const page = await fetchPage(next);
    setBusy(false);
    if (!page) return;
    const merged = [...(shown.current.items ?? []), ...page.items];
    shown.current = { key, items: merged };
    setItems(merged);
    setNext(page.next_before);
  }

  return (
    <Shell title={t("audit.title")} back={{ href: `#/director/${tid}`, label: view?.name ?? `#${tid}` }} class="director">
      <section class="card" data-testid="audit-log">
        <h2>{view?.name ?? `#${tid}`}</h2>
        <label class="audit-filter">
          <span class="muted">{t("audit.filter_table")}</span>
          <select data-testid="audit-table" value={table} onChange={(e) => setTable((e.target as HTMLSelectElement).value)}>
            <option value="">{t("audit.all_tables")}</option>
            {tables.map((n) => (
              <option key={n} value={String(n)}>
                {t("printouts.table_n", { n })}
              </option>
            ))}
          </select>
        </label>
        {error && (
          <p class="error" role="alert" data-testid="audit-error">
            {error}
          </p>
        )}
        {items === null ? (
          <p class="muted">{t("common.loading")}</p>
        ) : items.length === 0 ? (
          next == null && <p class="muted">{t("audit.none")}</p>
        ) : (
          <ul class="audit-list">
            {items.map((i) => (
              <li class="audit-item" key={i.seq} data-testid="audit-item" data-seq={i.seq} data-type={i.type}>
                <span class="audit-meta muted small">
                  <span>{formatTime(i.at, lang)}</span>
                  <span data-testid="audit-actor">{i.actor_text}</span>
                </span>
                <span class="audit-text">{i.text}</span>
              </li>
            ))}
          </ul>
        )}
        {items && (next != null ? (
          <button type="button" class="btn btn-secondary btn-block" data-testid="audit-more" disabled={busy} onClick={more}>
            {busy ? t("common.loading") : t("audit.more")}
          </button>
        ) : (
          items.length > 0 && <p class="muted small audit-end" data-testid="audit-end">{t("audit.end")}</p>
        ))}
      </section>
    </Shell>
  );
}
