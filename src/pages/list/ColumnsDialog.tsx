import { useTranslate } from '@refinedev/core';
import { Button, Checkbox, Modal, Typography } from 'antd';
import { useId } from 'react';
import { VISUALLY_HIDDEN } from '../../components/password/visuallyHidden';
import '../../i18n/loadViewMessages';
import type { ColumnDef, ResourceDef } from '../../resources';

export interface ColumnsDialogProps {
  open: boolean;
  def: ResourceDef;
  columns: readonly ColumnDef[];
  hidden: readonly string[];
  onHiddenChange: (hidden: readonly string[]) => void;
  onClose: () => void;
}

/**
 * "Colunas" (issue 18): a box per column; unticking hides it at once, and the choice is kept for the
 * user and this list on the server. The last visible column cannot be hidden (its box is disabled
 * and the dialog says why). The table shares its width among the columns left (fitColumnWidths).
 */
const ColumnsDialog = ({ open, def, columns, hidden, onHiddenChange, onClose }: ColumnsDialogProps) => {
  const t = useTranslate();
  const helpId = useId();
  const lastId = useId();
  const visible = columns.filter((c) => !hidden.includes(c.key));
  const toggle = (key: string, show: boolean) => {
    const next = show ? hidden.filter((k) => k !== key) : [...hidden, key];
    // Keys of columns this list no longer has are dropped as the user changes anything.
    onHiddenChange(next.filter((k) => columns.some((c) => c.key === k)));
  };
  return (
    <Modal
      open={open}
      title={t('columns.title', { list: t(def.titleKey) })}
      onCancel={onClose}
      footer={[
        <Button key="all" onClick={() => onHiddenChange([])} disabled={!hidden.length}>
          {t('columns.showAll')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('app.close')}
        </Button>,
      ]}
      width={420}
      destroyOnHidden
    >
      <Typography.Paragraph id={helpId} type="secondary">
        {t('columns.help')}
      </Typography.Paragraph>
      <fieldset aria-describedby={helpId} style={{ border: 0, margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        <legend style={VISUALLY_HIDDEN}>
          {t('columns.title', { list: t(def.titleKey) })}
        </legend>
        {columns.map((c) => {
          const shown = !hidden.includes(c.key);
          const last = shown && visible.length === 1;
          return (
            <Checkbox key={c.key} checked={shown} disabled={last} aria-describedby={last ? lastId : undefined} onChange={(e) => toggle(c.key, e.target.checked)}>
              {t(c.titleKey)}
            </Checkbox>
          );
        })}
      </fieldset>
      {visible.length === 1 && (
        <Typography.Paragraph id={lastId} type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('columns.lastOne')}
        </Typography.Paragraph>
      )}
    </Modal>
  );
};

export default ColumnsDialog;
