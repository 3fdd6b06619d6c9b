import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { Shell } from "../../../ui/Shell";
import { request } from "../../../sync/api";
import { metaGet, metaSet } from "../../../sync/db";
import { report } from "../../../sync/report";
import { useServerNow } from "../../../ui/hooks";
import { TournamentCard } from "./TournamentCard";
import { keptKey, type ClubPageData, type KeptSignUp } from "./signUp";
import { dateLocale, phoneLangs } from "../../../ui/dates";
import "./club.css";

const REFRESH_MS = 60_000; // seats taken and the waiting list move while the page is open

type Load = "loading" | "ok" | "unknown" | "offline";

/** The club's public page (#/club/<slug>, from /c/<slug>): its tournaments still to come, each
 * with its sign-up. No token and no login; the last answer is kept for a phone without network. */
export function ClubPage(props: { slug: string }) {
  const lang = useLang();
  const { slug } = props;
  const [data, setData] = useState<ClubPageData | null>(null);
  const [load, setLoad] = useState<Load>("loading");
  const [tick, setTick] = useState(0);
  const kept = useKeptSignUps(data, tick);
  const now = useServerNow(1000);
  useEffect(() => {
    let alive = true;
    const cacheKey = `club:${slug}`;
    metaGet<ClubPageData>(cacheKey)
      .then((c) => alive && c && setData((d) => d ?? c))
      .catch((e) => report("club.cache_read", e));
    const fetchPage = async () => {
      try {
        const r = await request<ClubPageData>(`/api/public/clubs/${encodeURIComponent(slug)}`);
        if (!alive) return;
        if (r.status === 404) {
          setLoad("unknown");
          return;
        }
        if (r.ok && r.data && Array.isArray(r.data.tournaments)) {
          setData(r.data);
          setLoad("ok");
          void metaSet(cacheKey, r.data).catch((e) => report("club.cache_write", e));
          return;
        }
        setLoad("offline");
      } catch (e) {
        report("club.fetch", e); // no network: the kept page, and a line saying so
        if (alive) setLoad("offline");
      }
    };
    void fetchPage();
    const id = setInterval(fetchPage, REFRESH_MS);
    const onVis = () => document.visibilityState === "visible" && void fetchPage();
    document.addEventListener("visibilitychange", onVis);
    return () => {
      alive = false;
      clearInterval(id);
      document.removeEventListener("visibilitychange", onVis);
    };
  }, [slug, tick]);
  const locale = dateLocale(lang, phoneLangs());
  const list = data?.tournaments ?? [];
  return (
    <Shell title={data?.club.name ?? t("club.title")} class="player club-page" badge={false}>
      {load === "unknown" && (
        <p class="card error" role="alert" data-testid="club-unknown">
          {t("club.unknown")}
        </p>
      )}
      {load === "offline" && (
        <p class="card muted" role="status" data-testid="club-offline">
          {t("club.offline")}
        </p>
      )}
      {load === "loading" && !data && (
        <p class="muted center" role="status">
          {t("common.loading")}
        </p>
      )}
      {data && !list.length && load !== "unknown" && (
        <p class="card muted" data-testid="club-none">
          {t("club.none")}
        </p>
      )}
      {list.map((l) => (
        <TournamentCard
          key={l.id}
          listing={l}
          now={now}
          lang={lang}
          locale={locale}
          showNames={!!data?.club.show_names}
          kept={kept[l.id] ?? null}
          onChanged={() => setTick((n) => n + 1)}
        />
      ))}
    </Shell>
  );
}

/** The personal links this phone kept from signing up, per listed tournament. */
function useKeptSignUps(data: ClubPageData | null, tick: number): Record<number, KeptSignUp> {
  const [kept, setKept] = useState<Record<number, KeptSignUp>>({});
  const ids = (data?.tournaments ?? []).map((l) => l.id).join(",");
  useEffect(() => {
    let alive = true;
    Promise.all((data?.tournaments ?? []).map((l) => metaGet<KeptSignUp>(keptKey(l.id)).catch((e) => report("club.kept", e))))
      .then((found) => {
        if (!alive) return;
        const out: Record<number, KeptSignUp> = {};
        for (const k of found) if (k?.token) out[k.tid] = k;
        setKept(out);
      })
      .catch((e) => report("club.kept", e));
    return () => {
      alive = false;
    };
  }, [ids, tick]);
  return kept;
}
