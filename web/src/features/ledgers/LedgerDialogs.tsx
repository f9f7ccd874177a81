import { useState } from 'react';
import { Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/shared/api/queries';
import type { UserLedger } from '@/shared/api/types';
import { CurrencySelect } from '@/shared/ui/CurrencySelect';
import { FormActions } from '@/shared/ui/FormActions';
import { errorMessage, fieldErrors } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useLedgerMutations } from './api';

const maxName = 100;

/** A new ledger: its name and base currency (the current ledger's by default). The user owns it. */
export function CreateLedgerDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (l: UserLedger) => void }) {
  const { t } = useTranslation();
  const user = useUser();
  const { create } = useLedgerMutations();
  const [name, setName] = useState('');
  const [currency, setCurrency] = useState(user.baseCurrency || 'EUR');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setErrors({ name: t('fieldErrors.required') });
    try {
      const l = await create.mutateAsync({ name: name.trim(), baseCurrency: currency });
      notifyOk(t('ledgers.created', { name: l.name }));
      onCreated(l);
    } catch (err) {
      setErrors(fieldErrors(t, err));
      notifyError(errorMessage(t, err));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('ledgers.create')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('ledgers.name')}
            description={t('ledgers.nameHint')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={maxName}
            error={errors.name}
            required
            data-autofocus
          />
          <CurrencySelect
            label={t('ledgers.baseCurrency')}
            description={t('ledgers.baseCurrencyHint')}
            value={currency}
            onChange={setCurrency}
            error={errors.baseCurrency}
          />
          <FormActions onCancel={onClose} busy={create.isPending} label={t('ledgers.createAction')} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Renames a ledger (its owners only): every member sees the new name. */
export function RenameLedgerDialog({ ledger, onClose }: { ledger: UserLedger; onClose: () => void }) {
  const { t } = useTranslation();
  const { rename } = useLedgerMutations();
  const [name, setName] = useState(ledger.name);
  const [error, setError] = useState<string | undefined>();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(t('fieldErrors.required'));
    try {
      await rename.mutateAsync({ id: ledger.id, name: name.trim() });
      notifyOk(t('common.saved'));
      onClose();
    } catch (err) {
      setError(fieldErrors(t, err).name);
      notifyError(errorMessage(t, err));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('ledgers.renameTitle', { name: ledger.name })}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('ledgers.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={maxName}
            error={error}
            required
            data-autofocus
          />
          <FormActions onCancel={onClose} busy={rename.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
