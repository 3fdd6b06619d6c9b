import { t } from "../../../i18n";
import { Confirm } from "../../../ui/Confirm";
import type { Send } from "../shared/types";

/** The one confirm step before a bust is recorded (from a player's row or a table's seat). */
export function BustConfirm(props: { who: { entry_id: number; name: string }; send: Send; onClose: () => void }) {
  const { who } = props;
  return (
    <Confirm
      title={t("bust.confirm_title", { name: who.name })}
      text={t("bust.confirm_text", { name: who.name })}
      confirmLabel={t("bust.confirm")}
      danger
      onCancel={props.onClose}
      onConfirm={() => {
        props.send("record_bust", { entry_id: who.entry_id }, { name: who.name });
        props.onClose();
      }}
    />
  );
}
