import { useState } from 'react';
import { Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ensureQuickAddStrings, type Language } from '@/shared/i18n';
import { MovementForm, type MovementDraft } from '../MovementForm';
import { QuickAdd } from './QuickAdd';

/** The quick-add box in its dialog, once its strings are there; "edit in full form" turns it into the movement form, prefilled with what was read. */
export default function QuickAddDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const [draft, setDraft] = useState<MovementDraft | null>(null);
  // Its own dictionary chunk (the sign-in page and the other screens never load it); offline, the service worker has it.
  const strings = useQuery({
    queryKey: ['i18n', 'quickadd', lang],
    queryFn: () => ensureQuickAddStrings(i18n, lang),
    staleTime: Infinity,
    gcTime: Infinity,
    networkMode: 'always',
  });
  if (!strings.data) return null;
  return (
    <Modal opened onClose={onClose} title={draft ? t('movements.add') : t('quickAdd.title')} size="lg">
      {draft ? <MovementForm draft={draft} onDone={onClose} /> : <QuickAdd onDone={onClose} onFullForm={setDraft} />}
    </Modal>
  );
}
