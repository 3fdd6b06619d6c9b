import { useState } from "preact/hooks";
import { t, useLang, formatTime } from "../../../i18n";
import { reasonText } from "../../../ui/reasons";
import type { Rejections } from "../../../api/views";
import "./directorTools.css";

const SHOWN = 3;

/** "To review": commands the server refused from any phone (a dealer's bust of a player who had
 * already moved, another director's duplicate); the data comes from useReview (hooks.ts), which
 * the attention bar shares. */
export function ReviewCard(props: { data: Rejections | null }) {
  const lang = useLang();
  const data = props.data;
  const [all, setAll] = useState(false);

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
