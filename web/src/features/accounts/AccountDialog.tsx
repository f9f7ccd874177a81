import { useState } from 'react';
import { Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrencies, useUser } from '@/shared/api/queries';
import { useLedgerCurrencies } from '@/shared/api/currencyBook';
import { accountTypes, type Account, type AccountType } from '@/shared/api/types';
import { amountInput, exponentOf, parseAmount } from '@/shared/money';
import { FormActions } from '@/shared/ui/FormActions';
import { errorMessage, fieldErrors } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useAccountMutations } from './api';
import { LazyModal } from '@/shared/ui/LazyModal';

/** Add or edit an account. */
export function AccountDialog({ account, opened, onClose }: { account: Account | null; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const currencies = useCurrencies();
  const own = useLedgerCurrencies();
  const { create, update } = useAccountMutations();
  const [name, setName] = useState(account?.name ?? '');
  const [type, setType] = useState<AccountType>(account?.type ?? 'bank');
  const [currency, setCurrency] = useState(account?.currency ?? user.baseCurrency ?? 'EUR');
  const [opening, setOpening] = useState(account ? amountInput(account.openingBalance, exponentOf(account.currency), i18n.language) : '');
  const [negative, setNegative] = useState(account ? account.openingBalance < 0 : false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // ISO 4217's currencies, then the ledger's own.
  const codes = [...(currencies.data ?? []).map((c) => c.code), ...(own.data ?? []).map((c) => c.code)];
  if (!codes.includes(currency)) codes.unshift(currency);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!name.trim()) errs.name = t('fieldErrors.required');
    const text = opening.trim().replace(/^-/, '');
    const minor = text === '' ? 0 : parseAmount(text, i18n.language, exponentOf(currency));
    if (minor === null) errs.openingBalance = t('fieldErrors.invalid');
    setErrors(errs);
    if (Object.keys(errs).length || minor === null) return;
    const body = { name: name.trim(), type, currency, openingBalance: negative || opening.trim().startsWith('-') ? -minor : minor };
    try {
      if (account) await update.mutateAsync({ id: account.id, ...body, ...(account.hasMovements ? { currency: undefined } : {}) });
      else await create.mutateAsync(body);
      notifyOk(t('common.saved'));
      onClose();
    } catch (err) {
      setErrors(fieldErrors(t, err));
      notifyError(errorMessage(t, err));
    }
  };

  return (
    <LazyModal opened={opened} onClose={onClose} title={account ? t('accounts.edit') : t('accounts.add')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('accounts.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            required
            data-autofocus
            maxLength={60}
          />
          <Select
            label={t('accounts.type')}
            value={type}
            onChange={(v) => v && setType(v as AccountType)}
            allowDeselect={false}
            data={accountTypes.map((a) => ({ value: a, label: t(`accounts.types.${a}`) }))}
            error={errors.type}
          />
          <Select
            label={t('accounts.currency')}
            value={currency}
            onChange={(v) => v && setCurrency(v)}
            searchable
            allowDeselect={false}
            data={codes}
            disabled={account?.hasMovements}
            description={account?.hasMovements ? t('accounts.currencyLocked') : undefined}
            error={errors.currency}
          />
          <TextInput
            label={t('accounts.openingBalance')}
            value={opening}
            inputMode="decimal"
            onChange={(e) => {
              setOpening(e.currentTarget.value);
              setNegative(false);
            }}
            error={errors.openingBalance}
            placeholder={amountInput(0, exponentOf(currency), i18n.language)}
          />
          <FormActions onCancel={onClose} busy={create.isPending || update.isPending} />
        </Stack>
      </form>
    </LazyModal>
  );
}
