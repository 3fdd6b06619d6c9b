// The player's season page (#/season/<token>), a part of its own (docs/bundles.md): his personal
// link's token finds his tournament (/api/me, kept for offline), the tournament his season
// (/api/tournaments/<tid>/my-history). The page itself is shared with the director (src/season/).
import { useEffect, useState } from "preact/hooks";
import type { ComponentChildren } from "preact";
import { t, toggleLang, useLang } from "../../i18n";
import { request } from "../../sync/api";
import { metaGet, metaSet } from "../../sync/db";
import { report } from "../../sync/report";
import type { Me } from "../../sync/session";
import { SeasonView } from "../../season/SeasonView";
import { useHistory } from "../../season/useHistory";
import { MailCard } from "./MailCard";

export function Season(props: { token: string }) {
  useLang();
  const { token } = props;
  const [me, setMe] = useState<Me | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [unreachable, setUnreachable] = useState(false); // no answer and nothing kept: nothing to show
  useEffect(() => {
    // Who the link is (/api/me), kept under the key the player's screen keeps it (sync/session.ts),
    // so the page opens offline too. Not through session.ts: importing it from here split the core
    // chunk in two for every phone (docs/season.md).
    let alive = true;
    metaGet<Me>(`me:${token}`)
      .then((kept) => alive && kept && setMe((m) => m ?? kept))
      .catch((e) => report("season.me_kept", e));
    request<Me>("/api/me", { token })
      .then((r) => {
        if (!alive) return;
        if (r.ok && r.data && typeof r.data === "object") {
          setMe(r.data);
          void metaSet(`me:${token}`, r.data).catch((e) => report("season.me_keep", e));
        } else if (r.status === 401 || r.status === 403) setInvalid(true);
      })
      .catch((e) => {
        report("season.me", e); // offline: the kept answer stays
        if (alive) setUnreachable(true);
      });
    return () => {
      alive = false;
    };
  }, [token]);
  const tid = me?.role === "player" ? me.tournament_id : null;
  const history = useHistory(tid != null ? `/api/tournaments/${tid}/my-history` : null, token);
  return (
    <Frame back={`#/player/${token}`}>
      {invalid ? (
        <p class="card error" role="alert">
          {t("token.invalid")}
        </p>
      ) : (
        <>
          <SeasonView state={tid == null && unreachable ? { data: null, loading: false, error: { status: null, message: null } } : history} own />
          {tid != null && <MailCard tid={tid} token={token} />}
        </>
      )}
    </Frame>
  );
}

/** The screen's top bar as every screen has it (ui/Shell.tsx), without the sync badge: this page
 * only reads, and the shell's chunk is shared by the player and the dealer (docs/season.md). */
function Frame(props: { back: string; children: ComponentChildren }) {
  const lang = useLang();
  const target = lang === "de" ? "EN" : "DE";
  return (
    <div class="screen season">
      <header class="topbar">
        <div class="topbar-row">
          <a class="btn btn-ghost back" href={props.back} aria-label={t("season.back")} data-testid="season-back">
            ‹
          </a>
          <h1 class="topbar-title">{t("season.title")}</h1>
          <button
            type="button"
            class="btn btn-ghost lang-switch"
            data-testid="lang-switch"
            data-lang={lang}
            aria-label={`${target}, ${t("lang.switch_label")}`}
            onClick={() => toggleLang()}
          >
            <span lang={target.toLowerCase()}>{target}</span>
          </button>
        </div>
      </header>
      <main class="content">{props.children}</main>
    </div>
  );
}
