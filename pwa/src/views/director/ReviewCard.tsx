import { useEffect, useRef, useState } from "preact/hooks";
import type { Socket } from "socket.io-client";
import { t, useLang, formatTime } from "../../i18n";
import { request } from "../../sync/api";
import { metaGet, metaSet } from "../../sync/db";
import { currentSocket, onConnection } from "../../sync/socket";
import { reasonText } from "../../ui/reasons";
import "./directorTools.css";

export interface Rejection {
  op_id: string;
  at: number;
  text: string;
  why: string | null;
  error?: string | null;
  params?: Record<string, unknown> | null;
  actor_text: string | null;
  type: string | null;
}
interface Rejections {
  count: number;
  items: Rejection[];
}

const SHOWN = 3;

/** "To review": commands the server refused from any phone (a dealer's bust of a player who had
 * already moved, another director's duplicate). Refetched when the server says a command was
 * refused (socket "review"), on every (re)connect, and every 30 s as a fallback — not at every
 * applied command, which cannot add a refusal. */
export function ReviewCard(props: { tid: string; token: string | null }) {
  const lang = useLang();
  const { tid, token } = props;
  const [data, setData] = useState<Rejections | null>(null);
  const [all, setAll] = useState(false);
  const load = useRef<() => void>(() => undefined);

  load.current = () => {
    if (!token) return;
    request<Rejections>(`/api/tournaments/${encodeURIComponent(tid)}/rejections?lang=${lang}&limit=50`, { token })
      .then((r) => {
        if (r.ok && r.data && Array.isArray(r.data.items)) {
          setData(r.data);
          void metaSet(`review:${tid}`, r.data).catch(() => undefined);
        }
      })
      .catch(() => undefined); // offline: keep what we have
  };

  useEffect(() => {
    let alive = true;
    metaGet<Rejections>(`review:${tid}`).then((v) => alive && v && setData((cur) => cur ?? v)).catch(() => undefined);
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

  if (!data || data.count === 0) return null;
  const items = all ? data.items : data.items.slice(0, SHOWN);
  return (
    <section class="card review-card" aria-labelledby="review-h" data-testid="review-card" data-count={data.count}>
      <h2 id="review-h">{t("review.title", { n: data.count })}</h2>
      <p class="muted small">{t("review.hint")}</p>
      <ul class="review-list">
        {items.map((r) => (
          <li class="review-item" key={r.op_id} data-testid="review-item" data-type={r.type ?? undefined}>
            <span class="muted small">{formatTime(r.at, lang)}</span>
            <span class="review-what">{r.text}</span>
            {r.why && <span class="review-why small">{reasonText(r.error, r.params, r.why)}</span>}
          </li>
        ))}
      </ul>
      {data.items.length > SHOWN && (
        <button type="button" class="btn btn-ghost btn-block" data-testid="review-toggle" onClick={() => setAll(!all)}>
          {all ? t("review.less") : t("review.more")}
        </button>
      )}
    </section>
  );
}
