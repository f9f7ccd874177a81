import { useRef, useState } from 'react';
import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '@/shared/api/client';
import { useAccounts, useCategories } from '@/shared/api/queries';
import type { Movement, MovementType } from '@/shared/api/types';
import { categoryGroups } from '@/shared/categories';
import { today } from '@/shared/dates';
import { amountInput, exponentOf, parseAmount } from '@/shared/money';
import { errorMessage, fieldErrors } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useMovementMutations, type MovementInput } from './api';

const LAST_ACCOUNT = 'cc.lastAccount';

function rememberedAccount(): string | null {
  try {
    return localStorage.getItem(LAST_ACCOUNT);
  } catch {
    return null;
  }
}

/** The movement form: quick add (Enter saves; last account and today preselected) and edit. */
export function MovementForm({ movement, onDone, compact = false }: { movement?: Movement; onDone?: () => void; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const { data: accounts = [] } = useAccounts();
  const { data: categories = [] } = useCategories();
  const { create, update } = useMovementMutations();
  const open = accounts.filter((a) => !a.archived || a.id === movement?.accountId || a.id === movement?.toAccountId);
  const initialAccount = movement?.accountId ?? (open.find((a) => a.id === rememberedAccount()) ?? open[0])?.id ?? null;
  const [type, setType] = useState<MovementType>(movement?.type ?? 'expense');
  const [chosenAccount, setAccountId] = useState<string | null>(null);
  // Until the user picks one, the last used (or first) account is preselected.
  const accountId = chosenAccount ?? initialAccount;
  const account = accounts.find((a) => a.id === accountId);
  const exp = exponentOf(account?.currency ?? 'EUR');
  const [amount, setAmount] = useState(movement ? amountInput(movement.amount, exp, i18n.language) : '');
  const [date, setDate] = useState(movement?.date ?? today());
  const [categoryId, setCategoryId] = useState<string | null>(movement?.categoryId ?? null);
  const [toAccountId, setToAccountId] = useState<string | null>(movement?.toAccountId ?? null);
  const toAccount = accounts.find((a) => a.id === toAccountId);
  const [toAmount, setToAmount] = useState(
    movement?.toAmount != null && toAccount ? amountInput(movement.toAmount, exponentOf(toAccount.currency), i18n.language) : '',
  );
  const [description, setDescription] = useState(movement?.description ?? '');
  const [notes, setNotes] = useState(movement?.notes ?? '');
  const [tags, setTags] = useState<string[]>(movement?.tags ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const createKey = useRef(newIdempotencyKey());
  const crossCurrency = type === 'transfer' && account && toAccount && account.currency !== toAccount.currency;

  if (open.length === 0) return <Text c="dimmed">{t('movements.needAccount')}</Text>;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    const minor = parseAmount(amount, i18n.language, exp);
    if (!amount.trim()) errs.amount = t('fieldErrors.required');
    else if (minor === null || minor === 0) errs.amount = t('fieldErrors.invalid');
    if (!date) errs.date = t('fieldErrors.required');
    if (!accountId) errs.accountId = t('fieldErrors.required');
    if (type !== 'transfer' && !categoryId) errs.categoryId = t('fieldErrors.required');
    if (type === 'transfer' && !toAccountId) errs.toAccountId = t('fieldErrors.required');
    let received: number | null = null;
    if (crossCurrency) {
      received = parseAmount(toAmount, i18n.language, exponentOf(toAccount.currency));
      if (received === null || received === 0) errs.toAmount = t('fieldErrors.invalid');
    }
    setErrors(errs);
    if (Object.keys(errs).length || minor === null || !accountId) return;
    const body: MovementInput = {
      type,
      date,
      amount: minor,
      accountId,
      description: description.trim(),
      notes: notes.trim(),
      tags,
      categoryId: type === 'transfer' ? null : categoryId,
      toAccountId: type === 'transfer' ? toAccountId : null,
      toAmount: type === 'transfer' ? (crossCurrency ? received : minor) : null,
    };
    try {
      if (movement) await update.mutateAsync({ id: movement.id, ...body });
      else {
        await create.mutateAsync({ ...body, key: createKey.current });
        createKey.current = newIdempotencyKey(); // the next movement is another one
      }
      try {
        localStorage.setItem(LAST_ACCOUNT, accountId);
      } catch {
        // not remembered
      }
      notifyOk(t('movements.created'));
      if (!movement) {
        setAmount('');
        setDescription('');
        setNotes('');
        setTags([]);
      }
      onDone?.();
    } catch (err) {
      setErrors(fieldErrors(t, err));
      notifyError(errorMessage(t, err));
    }
  };

  const accountData = open.map((a) => ({ value: a.id, label: `${a.name} (${a.currency})` }));
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={movement ? t('movements.edit') : t('movements.add')}>
      <Stack gap="sm">
        <SegmentedControl
          value={type}
          onChange={(v) => {
            setType(v as MovementType);
            setCategoryId(null);
          }}
          fullWidth
          aria-label={t('movements.type')}
          color={type === 'expense' ? 'red' : type === 'earning' ? 'green' : 'brand'}
          data={(['expense', 'earning', 'transfer'] as const).map((k) => ({ value: k, label: t(`movements.types.${k}`) }))}
        />
        <SimpleGrid cols={{ base: 1, xs: 2, md: compact ? 4 : 2 }} spacing="sm">
          <TextInput
            label={t('movements.amount')}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            inputMode="decimal"
            error={errors.amount}
            required
            data-autofocus
            placeholder={amountInput(0, exp, i18n.language)}
            rightSection={
              <Text size="xs" c="dimmed">
                {account?.currency}
              </Text>
            }
          />
          <TextInput label={t('movements.date')} type="date" value={date} onChange={(e) => setDate(e.currentTarget.value)} error={errors.date} required />
          <Select
            label={type === 'transfer' ? t('movements.fromAccount') : t('movements.account')}
            data={accountData}
            value={accountId}
            onChange={setAccountId}
            allowDeselect={false}
            error={errors.accountId}
            required
          />
          {type === 'transfer' ? (
            <Select
              label={t('movements.toAccount')}
              data={accountData.filter((a) => a.value !== accountId)}
              value={toAccountId}
              onChange={setToAccountId}
              error={errors.toAccountId}
              required
            />
          ) : (
            <Select
              label={t('movements.category')}
              data={categoryGroups(categories, type, movement?.categoryId ?? null)}
              value={categoryId}
              onChange={setCategoryId}
              searchable
              error={errors.categoryId}
              required
            />
          )}
          {crossCurrency && (
            <TextInput
              label={t('movements.toAmount')}
              value={toAmount}
              onChange={(e) => setToAmount(e.currentTarget.value)}
              inputMode="decimal"
              error={errors.toAmount}
              rightSection={
                <Text size="xs" c="dimmed">
                  {toAccount.currency}
                </Text>
              }
            />
          )}
          <TextInput
            label={t('movements.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            maxLength={200}
            error={errors.description}
          />
        </SimpleGrid>
        {!compact && (
          <>
            <TagsInput label={t('movements.tags')} description={t('movements.tagsHint')} value={tags} onChange={setTags} maxTags={20} error={errors.tags} />
            <Textarea label={t('movements.notes')} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} autosize minRows={2} maxLength={2000} />
          </>
        )}
        <Group justify="flex-end">
          {onDone && movement && (
            <Button variant="default" onClick={onDone}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={create.isPending || update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
