import { useCallback, useState } from 'react';
import { SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Account, Category, MovementType } from '../api/types';
import { categoryGroups } from '../categories';

/** The accounts an entry may use: the open ones, and the archived ones it already uses. */
export function usableAccounts(accounts: Account[], ...used: (string | null | undefined)[]): Account[] {
  return accounts.filter((a) => !a.archived || used.includes(a.id));
}

/** What the account, destination and category fields of a movement-like form hold. */
export interface EntryTarget {
  accountId: string | null;
  toAccountId: string | null;
  categoryId: string | null;
  /** A transfer's received amount, as typed (shown only between two currencies). */
  toAmount: string;
}

/**
 * The fields that say where an entry's money goes, shared by the movement and
 * schedule forms: the account (or the source of a transfer), then the
 * category or the destination, then, between two currencies, what arrives.
 */
export function EntryTargetFields({
  type,
  accounts,
  categories,
  value,
  onChange,
  keepCategory,
  errors,
  categoryHint,
  noCategory = false,
}: {
  type: MovementType;
  /** The accounts to choose from (the open ones, and those the entry already uses). */
  accounts: Account[];
  categories: Category[];
  value: EntryTarget;
  onChange: (v: Partial<EntryTarget>) => void;
  /** A category the entry already uses, offered even when archived. */
  keepCategory: string | null;
  errors: Record<string, string>;
  /** Said under the category (why it was suggested). */
  categoryHint?: React.ReactNode;
  /** No category field: the entry is split, its lines have theirs. */
  noCategory?: boolean;
}) {
  const { t } = useTranslation();
  const data = accounts.map((a) => ({ value: a.id, label: `${a.name} (${a.currency})` }));
  const from = accounts.find((a) => a.id === value.accountId);
  const to = accounts.find((a) => a.id === value.toAccountId);
  return (
    <>
      <Select
        label={type === 'transfer' ? t('movements.fromAccount') : t('movements.account')}
        data={data}
        value={value.accountId}
        onChange={(v) => onChange({ accountId: v })}
        allowDeselect={false}
        error={errors.accountId}
        required
      />
      {type === 'transfer' ? (
        <Select
          label={t('movements.toAccount')}
          data={data.filter((a) => a.value !== value.accountId)}
          value={value.toAccountId}
          onChange={(v) => onChange({ toAccountId: v })}
          error={errors.toAccountId}
          required
        />
      ) : noCategory ? null : (
        <Select
          label={t('movements.category')}
          data={categoryGroups(categories, type, keepCategory)}
          value={value.categoryId}
          onChange={(v) => onChange({ categoryId: v })}
          searchable
          description={categoryHint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={errors.categoryId}
          required
        />
      )}
      {type === 'transfer' && from && to && from.currency !== to.currency && (
        <TextInput
          label={t('movements.toAmount')}
          value={value.toAmount}
          onChange={(e) => onChange({ toAmount: e.currentTarget.value })}
          inputMode="decimal"
          error={errors.toAmount}
          rightSection={
            <Text size="xs" c="dimmed">
              {to.currency}
            </Text>
          }
        />
      )}
    </>
  );
}

/** The state of EntryTargetFields: the value, and a setter that merges a change. */
export function useEntryTarget(initial: EntryTarget) {
  const [value, setValue] = useState(initial);
  const change = useCallback((v: Partial<EntryTarget>) => setValue((s) => ({ ...s, ...v })), []);
  return [value, change] as const;
}

/** Expense, earning or transfer, as one control. */
export function EntryTypeControl({ value, onChange }: { value: MovementType; onChange: (v: MovementType) => void }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      value={value}
      onChange={(v) => onChange(v as MovementType)}
      fullWidth
      aria-label={t('movements.type')}
      color={value === 'expense' ? 'red' : value === 'earning' ? 'green' : 'brand'}
      data={(['expense', 'earning', 'transfer'] as const).map((k) => ({ value: k, label: t(`movements.types.${k}`) }))}
    />
  );
}

/** An amount as typed, with its currency beside it; it takes the focus when its dialog opens. */
export function AmountField({
  value,
  onChange,
  currency,
  error,
  placeholder,
}: {
  value: string;
  onChange: (v: string) => void;
  currency: string | undefined;
  error?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('movements.amount')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      inputMode="decimal"
      error={error}
      required
      data-autofocus
      placeholder={placeholder}
      rightSection={
        <Text size="xs" c="dimmed">
          {currency}
        </Text>
      }
    />
  );
}
