// Printouts (seat cards, table QR sheets) open as blob pages: fetched with the bearer header, so
// the token never goes into a URL. The window must be opened inside the tap (popup blockers).
import { fetchFile, openBlob } from "../../../sync/download";

export type PrintKind = "seat-cards" | "table-sheets" | "seating-list";

/** Opens an empty tab now, inside the user's tap; fill it with `showPrintout`. */
export function openPrintWindow(): Window | null {
  return window.open("", "_blank");
}

/** Fetches the printout into `win`; resolves with an error message, or null when shown. */
export async function showPrintout(
  win: Window | null,
  o: { tid: string; token: string; kind: PrintKind; lang: string; table?: number },
): Promise<{ status: number; message: string } | null> {
  const query = `lang=${o.lang}${o.table ? `&table=${o.table}` : ""}`;
  const r = await fetchFile(`/api/tournaments/${encodeURIComponent(o.tid)}/print/${o.kind}?${query}`, o.token, `${o.kind}.html`);
  if (!r.ok) {
    win?.close();
    return { status: r.status, message: r.message };
  }
  openBlob(new Blob([r.blob], { type: "text/html;charset=utf-8" }), win);
  return null;
}
