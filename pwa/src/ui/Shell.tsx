import type { ComponentChildren } from "preact";
import { SyncBadge } from "./SyncBadge";
import { LangSwitch } from "./LangSwitch";
import { InsecureNotice } from "./InsecureNotice";

/** Header with title, sync badge and language switch; used by every screen. */
export function Shell(props: {
  title: ComponentChildren;
  back?: { href: string; label: string };
  actions?: ComponentChildren;
  children: ComponentChildren;
  class?: string;
  /** false: no badge; "status": the connection only (read-only screens: no pending/rejected counts). */
  badge?: boolean | "status";
  /** This screen needs a secure context (offline restart, Wake Lock): say when it has none. */
  secure?: boolean;
}) {
  return (
    <div class={`screen ${props.class ?? ""}`}>
      <header class="topbar">
        <div class="topbar-row">
          {props.back && (
            <a class="btn btn-ghost back" href={props.back.href} aria-label={props.back.label}>
              ‹
            </a>
          )}
          <h1 class="topbar-title">{props.title}</h1>
          {props.actions}
          <LangSwitch />
        </div>
        {props.badge !== false && <SyncBadge counts={props.badge !== "status"} />}
        {props.secure && <InsecureNotice />}
      </header>
      <main class="content">{props.children}</main>
    </div>
  );
}
