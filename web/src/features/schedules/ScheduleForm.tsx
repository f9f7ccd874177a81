import { useRef, useState } from 'react';
import { Checkbox, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '@/shared/api/client';
import { useAccounts, useCategories } from '@/shared/api/queries';
import type { MovementType } from '@/shared/api/types';
import { today } from '@/shared/dates';
import { AmountField, EntryTargetFields, EntryTypeControl, usableAccounts, useEntryTarget } from '@/shared/ui/EntryFields';
import { amountInput, exponentOf, parseAmount } from '@/shared/money';
import { FormActions } from '@/shared/ui/FormActions';
import { errorMessage, fieldErrors } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useScheduleMutations, type Frequency, type Schedule, type ScheduleDraft, type NewSchedule } from './api';

type Ends = 'never' | 'on' | 'after';

const frequencies: Frequency[] = ['daily', 'weekly', 'monthly', 'yearly'];

/** The schedule form: what it makes (as a movement) and when. initial prefills a new one ("repeat this", a suggestion). */
export function ScheduleForm({ schedule, initial, onDone }: { schedule?: Schedule; initial?: ScheduleDraft; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const { data: accounts = [] } = useAccounts();
  const { data: categories = [] } = useCategories();
  const { create, update } = useScheduleMutations();
  const from: ScheduleDraft = schedule ?? initial ?? {};
  const usable = usableAccounts(accounts, from.accountId, from.toAccountId);
  const [type, setType] = useState<MovementType>(from.type ?? 'expense');
  const movedTo = accounts.find((a) => a.id === from.toAccountId);
  const [target, setTarget] = useEntryTarget({
    accountId: from.accountId ?? null,
    toAccountId: from.toAccountId ?? null,
    categoryId: from.categoryId ?? null,
    toAmount: from.toAmount && movedTo ? amountInput(from.toAmount, exponentOf(movedTo.currency), i18n.language) : '',
  });
  const { categoryId, toAccountId, toAmount } = target;
  const accountId = target.accountId ?? usable[0]?.id ?? null;
  const account = accounts.find((a) => a.id === accountId);
  const toAccount = accounts.find((a) => a.id === toAccountId);
  const exp = exponentOf(account?.currency ?? 'EUR');
  const [amount, setAmount] = useState(from.amount ? amountInput(from.amount, exp, i18n.language) : '');
  const [description, setDescription] = useState(from.description ?? '');
  const [frequency, setFrequency] = useState<Frequency>(from.frequency ?? 'monthly');
  const [interval, setInterval] = useState<number>(from.interval ?? 1);
  const [startDate, setStartDate] = useState(from.startDate ?? today());
  const [day, setDay] = useState<number>(from.day || Number((from.startDate ?? today()).slice(8, 10)));
  const [ends, setEnds] = useState<Ends>(from.endDate ? 'on' : from.count ? 'after' : 'never');
  const [endDate, setEndDate] = useState(from.endDate ?? '');
  const [count, setCount] = useState<number>(from.count || 12);
  const [askAmount, setAskAmount] = useState(from.askAmount ?? false);
  const [autoPost, setAutoPost] = useState(from.autoPost ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const key = useRef(newIdempotencyKey());
  const crossCurrency = type === 'transfer' && account && toAccount && account.currency !== toAccount.currency;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    const minor = parseAmount(amount, i18n.language, exp);
    if (minor === null || minor <= 0) errs.amount = t(amount.trim() ? 'fieldErrors.invalid' : 'fieldErrors.required');
    if (!accountId) errs.accountId = t('fieldErrors.required');
    if (type === 'transfer' ? !toAccountId : !categoryId) errs[type === 'transfer' ? 'toAccountId' : 'categoryId'] = t('fieldErrors.required');
    if (!startDate) errs.startDate = t('fieldErrors.required');
    if (ends === 'on' && !endDate) errs.endDate = t('fieldErrors.required');
    const received = crossCurrency ? parseAmount(toAmount, i18n.language, exponentOf(toAccount.currency)) : minor;
    if (crossCurrency && !received) errs.toAmount = t('fieldErrors.invalid');
    setErrors(errs);
    if (Object.keys(errs).length || minor === null || !accountId) return;
    const body: NewSchedule = {
      type,
      amount: minor,
      accountId,
      categoryId: type === 'transfer' ? null : categoryId,
      toAccountId: type === 'transfer' ? toAccountId : null,
      toAmount: type === 'transfer' ? received : null,
      description: description.trim(),
      frequency,
      interval,
      day: frequency === 'monthly' ? day : 0,
      startDate,
      endDate: ends === 'on' ? endDate : '',
      count: ends === 'after' ? count : 0,
      askAmount,
      autoPost: autoPost && !askAmount,
    };
    try {
      if (schedule) await update.mutateAsync({ id: schedule.id, ...body });
      else await create.mutateAsync({ ...body, key: key.current });
      notifyOk(t('common.saved'));
      onDone();
    } catch (err) {
      setErrors(fieldErrors(t, err));
      notifyError(errorMessage(t, err));
    }
  };

  const dayData = [...Array.from({ length: 30 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })), { value: '31', label: t('schedules.lastDay') }];
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={schedule ? t('schedules.edit') : t('schedules.add')}>
      <Stack gap="sm">
        <EntryTypeControl
          value={type}
          onChange={(v) => {
            setType(v);
            setTarget({ categoryId: null });
          }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <AmountField value={amount} onChange={setAmount} currency={account?.currency} error={errors.amount} />
          <TextInput
            label={t('movements.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            maxLength={200}
            error={errors.description}
          />
          <EntryTargetFields
            type={type}
            accounts={usable}
            categories={categories}
            value={{ ...target, accountId }}
            onChange={setTarget}
            keepCategory={from.categoryId ?? null}
            errors={errors}
          />
          <Select
            label={t('schedules.frequency')}
            data={frequencies.map((f) => ({ value: f, label: t(`schedules.frequencies.${f}`) }))}
            value={frequency}
            onChange={(v) => v && setFrequency(v as Frequency)}
            allowDeselect={false}
            error={errors.frequency}
          />
          <NumberInput
            label={`${t('schedules.every')} (${t(`schedules.units.${frequency}`)})`}
            value={interval}
            onChange={(v) => setInterval(typeof v === 'number' ? v : 1)}
            min={1}
            max={366}
            allowDecimal={false}
            error={errors.interval}
          />
          <TextInput
            label={t('schedules.start')}
            type="date"
            value={startDate}
            onChange={(e) => {
              const date = e.currentTarget.value;
              setStartDate(date);
              // The day of the month follows the first date typed (it can be changed after).
              if (/^\d{4}-\d{2}-\d{2}$/.test(date)) setDay(Number(date.slice(8, 10)));
            }}
            error={errors.startDate}
            required
          />
          {frequency === 'monthly' && (
            <Select
              label={t('schedules.day')}
              data={dayData}
              value={String(day)}
              onChange={(v) => v && setDay(Number(v))}
              allowDeselect={false}
              error={errors.day}
            />
          )}
          <Select
            label={t('schedules.ends')}
            data={[
              { value: 'never', label: t('schedules.endsNever') },
              { value: 'on', label: t('schedules.endsOn') },
              { value: 'after', label: t('schedules.endsAfter') },
            ]}
            value={ends}
            onChange={(v) => v && setEnds(v as Ends)}
            allowDeselect={false}
          />
          {ends === 'on' && (
            <TextInput
              label={t('schedules.endDate')}
              type="date"
              value={endDate}
              onChange={(e) => setEndDate(e.currentTarget.value)}
              error={errors.endDate}
              required
            />
          )}
          {ends === 'after' && (
            <NumberInput
              label={t('schedules.count')}
              value={count}
              onChange={(v) => setCount(typeof v === 'number' ? v : 1)}
              min={1}
              max={10000}
              allowDecimal={false}
              error={errors.count}
            />
          )}
        </SimpleGrid>
        <Checkbox
          label={t('schedules.askAmount')}
          description={t('schedules.askAmountHint')}
          checked={askAmount}
          onChange={(e) => setAskAmount(e.currentTarget.checked)}
        />
        <Checkbox
          label={t('schedules.autoPost')}
          description={t('schedules.autoPostHint')}
          checked={autoPost && !askAmount}
          disabled={askAmount}
          onChange={(e) => setAutoPost(e.currentTarget.checked)}
        />
        <FormActions onCancel={onDone} busy={create.isPending || update.isPending} />
      </Stack>
    </form>
  );
}
