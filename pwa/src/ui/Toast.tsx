import type { ComponentChildren } from "preact";

/** A short message at the bottom of the screen, within thumb reach, with an optional action
 * (the dealer's "Anna — 27th · Undo",). Announced politely to screen readers; it
 * does not take the focus (the dealer's hand goes on with the next tap). */
export function Toast(props: {
  children: ComponentChildren;
  actionLabel?: string | null;
  onAction?: () => void;
  /** The action is shown but not yet tappable (a tap meant for what lay under the toast). */
  actionDisabled?: boolean;
  onClose?: () => void;
  closeLabel?: string;
  testid?: string;
  tone?: "info" | "done" | "busy";
  /** Until when the action is offered (device ms): a bar runs down to it. */
  until?: number | null;
  duration?: number;
}) {
  const left = props.until != null && props.duration ? Math.max(0, props.until - Date.now()) : null;
  return (
    <div class={`toast toast-${props.tone ?? "info"}`} data-testid={props.testid ?? "toast"} role="status" aria-live="polite">
      <span class="toast-text">{props.children}</span>
      {props.actionLabel && props.onAction && (
        <button type="button" class="btn toast-action" data-testid={`${props.testid ?? "toast"}-action`} disabled={props.actionDisabled} onClick={props.onAction}>
          {props.actionLabel}
        </button>
      )}
      {props.onClose && (
        <button type="button" class="btn btn-ghost toast-close" data-testid={`${props.testid ?? "toast"}-close`} aria-label={props.closeLabel ?? "×"} onClick={props.onClose}>
          ×
        </button>
      )}
      {left != null && props.duration ? (
        // A fresh element per toast restarts the animation: the time left to undo, running down.
        <span class="toast-bar" aria-hidden="true" style={{ animationDuration: `${left}ms`, transform: `scaleX(${left / props.duration})` }} />
      ) : null}
    </div>
  );
}
