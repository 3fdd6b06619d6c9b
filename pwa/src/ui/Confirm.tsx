import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";
import { t } from "../i18n";

export interface ConfirmProps {
  title: string;
  text?: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
  testid?: string;
  children?: ComponentChildren;
  disabled?: boolean;
}

/** A modal confirm step: big buttons, Escape cancels. */
export function Confirm(p: ConfirmProps) {
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    ok.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") p.onCancel();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <div class="modal-backdrop" onClick={(e) => e.target === e.currentTarget && p.onCancel()}>
      <div class="modal" role="alertdialog" aria-modal="true" aria-labelledby="confirm-title">
        <h2 id="confirm-title">{p.title}</h2>
        {p.text && <p>{p.text}</p>}
        {p.children}
        <div class="modal-actions">
          <button type="button" class="btn btn-secondary" data-testid="confirm-cancel" onClick={p.onCancel}>
            {t("common.cancel")}
          </button>
          <button
            type="button"
            ref={ok}
            class={`btn ${p.danger ? "btn-danger" : "btn-primary"}`}
            data-testid={p.testid ?? "bust-confirm"}
            disabled={p.disabled}
            onClick={p.onConfirm}
          >
            {p.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}

/** A step a screen asks to confirm before it acts: what the dialog says, and what runs on yes. */
export interface Ask {
  title: string;
  text?: string;
  label: string;
  danger?: boolean;
  run: () => void;
}

/** The confirm dialog of an `Ask` (null: none): yes runs it, either answer closes it. */
export function AskConfirm(p: { ask: Ask | null; onClose: () => void; testid: string }) {
  const { ask } = p;
  if (!ask) return null;
  return (
    <Confirm
      title={ask.title}
      text={ask.text}
      confirmLabel={ask.label}
      danger={ask.danger}
      testid={p.testid}
      onCancel={p.onClose}
      onConfirm={() => {
        p.onClose();
        ask.run();
      }}
    />
  );
}
