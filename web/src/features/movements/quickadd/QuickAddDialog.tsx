import { useState } from 'react';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MovementForm, type MovementDraft } from '../MovementForm';
import { QuickAdd } from './QuickAdd';

/** The quick-add box in its dialog; "edit in full form" turns it into the movement form, prefilled with what was read. */
export default function QuickAddDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<MovementDraft | null>(null);
  return (
    <Modal opened onClose={onClose} title={draft ? t('movements.add') : t('quickAdd.title')} size="lg">
      {draft ? <MovementForm draft={draft} onDone={onClose} /> : <QuickAdd onDone={onClose} onFullForm={setDraft} />}
    </Modal>
  );
}
