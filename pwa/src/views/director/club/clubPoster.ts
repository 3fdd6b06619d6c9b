// The club page's A4 poster for the wall, made on the phone: the club's name, a big QR code of
// its short link and the link in letters. No server printout: it holds nothing but public data.
import { t } from "../../../i18n";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The poster's HTML; `qrSvg` is the server's own SVG (backend/documents/qr.py), the rest escaped. */
export function posterHtml(o: { club: string; link: string; qrSvg: string; lang: string }): string {
  return `<!doctype html><html lang="${o.lang === "de" ? "de" : "en"}"><head><meta charset="utf-8">
<title>${esc(o.club)}</title>
<style>
@page { size: A4; margin: 18mm; }
body { font-family: system-ui, sans-serif; text-align: center; color: #000; margin: 0; }
h1 { font-size: 34pt; margin: 10mm 0 4mm; }
p.lead { font-size: 20pt; margin: 0 0 10mm; }
.qr svg { width: 120mm; height: 120mm; }
p.link { font-size: 18pt; font-weight: 700; word-break: break-all; margin: 8mm 0 0; }
p.note { font-size: 12pt; color: #333; }
</style></head><body>
<h1>${esc(o.club)}</h1>
<p class="lead">${esc(t("clubpage.poster_lead"))}</p>
<div class="qr">${o.qrSvg}</div>
<p class="link">${esc(o.link)}</p>
<p class="note">${esc(t("clubpage.poster_note"))}</p>
<script>window.onload = () => window.print();</script>
</body></html>`;
}
