import { t, useLang } from "../../../i18n";
import { PrintCard } from "./PrintCard";
import "./directorTools.css";

/** The tournament screen's tools: the audit log link and the printouts. */
export function DirectorTools(props: { tid: string; token: string | null; tables: { table_no: number; broken?: boolean }[] }) {
  useLang();
  const { tid, token } = props;
  const live = props.tables.filter((x) => !x.broken).map((x) => x.table_no);
  return (
    <>
      <a class="btn btn-secondary btn-block tools-link" href={`#/director/${tid}/audit`} data-testid="audit-link">
        {t("audit.link")} ›
      </a>
      {token && <PrintCard tid={tid} token={token} tables={live} drawn={props.tables.length > 0} />}
    </>
  );
}
