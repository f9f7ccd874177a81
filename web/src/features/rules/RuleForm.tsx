import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Radio, Select, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Account, Category, MovementType } from '@/shared/api/types';
import { categoryChoices } from '@/shared/categories';
import { amountInput, exponentOf, parseAmount } from '@/shared/money';
import { FormActions } from '@/shared/ui/FormActions';
import { errorMessage, fieldErrors } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useRuleMutations, type Rule, type RuleDraft, type RuleField, type NewRule, type RuleOp } from './api';

/** A condition as the form holds it: amounts as typed. */
interface ConditionState {
  field: RuleField;
  op: RuleOp;
  text: string;
  amount: string;
  amountTo: string;
  accountId: string | null;
  type: MovementType;
}

const opsOf: Record<RuleField, RuleOp[]> = {
  description: ['contains', 'startsWith', 'equals'],
  notes: ['contains', 'startsWith', 'equals'],
  amount: ['equals', 'between'],
  account: ['equals'],
  type: ['equals'],
};

const fields: RuleField[] = ['description', 'notes', 'amount', 'account', 'type'];
const types: MovementType[] = ['expense', 'earning', 'transfer'];

/** The rule form: a new rule (rule undefined, maybe prefilled by initial) or an edit. */
export function RuleForm({
  rule,
  initial,
  accounts,
  categories,
  currency,
  onDone,
}: {
  rule?: Rule;
  initial?: RuleDraft;
  accounts: Account[];
  categories: Category[];
  /** Amounts are typed in this currency's units (the ledger's base). */
  currency: string;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { create, update } = useRuleMutations();
  const exp = exponentOf(currency);
  const start = rule ?? initial;
  const [name, setName] = useState(start?.name ?? '');
  const [match, setMatch] = useState<'all' | 'any'>(start?.match ?? 'all');
  const [stop, setStop] = useState(start?.stop ?? false);
  const [enabled, setEnabled] = useState(start?.enabled ?? true);
  const [conditions, setConditions] = useState<ConditionState[]>(
    (start?.conditions ?? [{ field: 'description', op: 'contains', text: '' }]).map((c) => ({
      field: c.field,
      op: c.op,
      text: c.text ?? '',
      amount: c.amount ? amountInput(c.amount, exp, i18n.language) : '',
      amountTo: c.amountTo ? amountInput(c.amountTo, exp, i18n.language) : '',
      accountId: c.accountId ?? null,
      // The API types a condition's type as any string; it is a movement type.
      type: types.find((ty) => ty === c.type) ?? 'expense',
    })),
  );
  const [categoryId, setCategoryId] = useState<string | null>(start?.actions.categoryId ?? null);
  const [tags, setTags] = useState<string[]>(start?.actions.tags ?? []);
  const [description, setDescription] = useState<string | null>(start?.actions.description ?? null);
  const [notes, setNotes] = useState<string | null>(start?.actions.notes ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const setCondition = (i: number, patch: Partial<ConditionState>) =>
    setConditions((cs) =>
      cs.map((c, k) => {
        if (k !== i) return c;
        const next = { ...c, ...patch };
        if (!opsOf[next.field].includes(next.op)) next.op = opsOf[next.field][0] ?? 'equals';
        return next;
      }),
    );
  const categoryData = [
    { group: t('categories.expenses'), items: categoryChoices(categories, 'expense') },
    { group: t('categories.earnings'), items: categoryChoices(categories, 'earning') },
  ];
  const accountData = accounts.filter((a) => !a.archived || conditions.some((c) => c.accountId === a.id)).map((a) => ({ value: a.id, label: a.name }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!name.trim()) errs.name = t('fieldErrors.required');
    const body: NewRule = {
      name: name.trim(),
      enabled,
      match,
      stop,
      conditions: conditions.map((c, i) => {
        const at = `conditions[${i}]`;
        switch (c.field) {
          case 'amount': {
            const amount = parseAmount(c.amount, i18n.language, exp);
            if (amount === null || amount <= 0) errs[`${at}.amount`] = t('fieldErrors.invalid');
            if (c.op !== 'between') return { field: c.field, op: c.op, amount: amount ?? 0 };
            const to = parseAmount(c.amountTo, i18n.language, exp);
            if (to === null || to < (amount ?? 0)) errs[`${at}.amountTo`] = t('fieldErrors.invalid');
            return { field: c.field, op: c.op, amount: amount ?? 0, amountTo: to ?? 0 };
          }
          case 'account':
            if (!c.accountId) errs[`${at}.accountId`] = t('fieldErrors.required');
            return { field: c.field, op: 'equals', accountId: c.accountId ?? undefined };
          case 'type':
            return { field: c.field, op: 'equals', type: c.type };
          default:
            if (!c.text.trim() && c.op !== 'equals') errs[`${at}.text`] = t('fieldErrors.required');
            return { field: c.field, op: c.op, text: c.text.trim() };
        }
      }),
      actions: { categoryId: categoryId ?? undefined, tags, description, notes },
    };
    if (!categoryId && tags.length === 0 && description === null && notes === null) errs.actions = t('rules.needsAction');
    setErrors(errs);
    if (Object.keys(errs).length) return;
    try {
      if (rule) await update.mutateAsync({ id: rule.id, ...body });
      else await create.mutateAsync(body);
      notifyOk(t('rules.saved'));
      onDone();
    } catch (err) {
      setErrors(fieldErrors(t, err));
      notifyError(errorMessage(t, err));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={rule ? t('rules.edit') : t('rules.add')}>
      <Stack gap="sm">
        <TextInput
          label={t('rules.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={60}
          error={errors.name}
          required
          data-autofocus
        />
        <Radio.Group label={t('rules.conditions')} value={match} onChange={(v) => setMatch(v === 'any' ? 'any' : 'all')}>
          <Group gap="md" mt={4}>
            <Radio value="all" label={t('rules.matchAll')} />
            <Radio value="any" label={t('rules.matchAny')} />
          </Group>
        </Radio.Group>
        {conditions.map((c, i) => {
          const at = `conditions[${i}]`;
          return (
            <Group key={i} align="flex-start" gap="xs" wrap="wrap">
              <Select
                aria-label={t('rules.field')}
                data={fields.map((f) => ({ value: f, label: t(`rules.fields.${f}`) }))}
                value={c.field}
                onChange={(v) => v && setCondition(i, { field: v as RuleField })}
                allowDeselect={false}
                w={140}
              />
              {opsOf[c.field].length > 1 && (
                <Select
                  aria-label={t('rules.op')}
                  data={opsOf[c.field].map((o) => ({ value: o, label: t(`rules.ops.${o}`) }))}
                  value={c.op}
                  onChange={(v) => v && setCondition(i, { op: v as RuleOp })}
                  allowDeselect={false}
                  w={140}
                />
              )}
              {(c.field === 'description' || c.field === 'notes') && (
                <TextInput
                  aria-label={t('rules.value')}
                  value={c.text}
                  onChange={(e) => setCondition(i, { text: e.currentTarget.value })}
                  maxLength={200}
                  error={errors[`${at}.text`]}
                  style={{ flex: 1, minWidth: 160 }}
                />
              )}
              {c.field === 'amount' && (
                <>
                  <TextInput
                    aria-label={t('rules.value')}
                    value={c.amount}
                    onChange={(e) => setCondition(i, { amount: e.currentTarget.value })}
                    inputMode="decimal"
                    error={errors[`${at}.amount`]}
                    w={120}
                  />
                  {c.op === 'between' && (
                    <TextInput
                      aria-label={t('rules.amountTo')}
                      value={c.amountTo}
                      onChange={(e) => setCondition(i, { amountTo: e.currentTarget.value })}
                      inputMode="decimal"
                      error={errors[`${at}.amountTo`]}
                      w={120}
                    />
                  )}
                </>
              )}
              {c.field === 'account' && (
                <Select
                  aria-label={t('rules.value')}
                  data={accountData}
                  value={c.accountId}
                  onChange={(v) => setCondition(i, { accountId: v })}
                  error={errors[`${at}.accountId`]}
                  style={{ flex: 1, minWidth: 160 }}
                />
              )}
              {c.field === 'type' && (
                <Select
                  aria-label={t('rules.value')}
                  data={types.map((ty) => ({ value: ty, label: t(`movements.types.${ty}`) }))}
                  value={c.type}
                  onChange={(v) => v && setCondition(i, { type: v as MovementType })}
                  allowDeselect={false}
                  style={{ flex: 1, minWidth: 160 }}
                />
              )}
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('rules.removeCondition', { n: i + 1 })}
                disabled={conditions.length === 1}
                onClick={() => setConditions((cs) => cs.filter((_, k) => k !== i))}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          );
        })}
        <Group>
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} />}
            disabled={conditions.length >= 10}
            onClick={() =>
              setConditions((cs) => [...cs, { field: 'description', op: 'contains', text: '', amount: '', amountTo: '', accountId: null, type: 'expense' }])
            }
          >
            {t('rules.addCondition')}
          </Button>
        </Group>
        <Text fw={600} size="sm">
          {t('rules.actions')}
        </Text>
        <Select
          label={t('rules.setCategory')}
          data={categoryData}
          value={categoryId}
          onChange={setCategoryId}
          searchable
          clearable
          error={errors['actions.categoryId']}
        />
        <TagsInput label={t('rules.addTags')} value={tags} onChange={setTags} maxTags={20} error={errors['actions.tags']} />
        <Checkbox label={t('rules.setDescription')} checked={description !== null} onChange={(e) => setDescription(e.currentTarget.checked ? '' : null)} />
        {description !== null && (
          <TextInput
            aria-label={t('rules.setDescription')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            maxLength={200}
            error={errors['actions.description']}
          />
        )}
        <Checkbox label={t('rules.setNotes')} checked={notes !== null} onChange={(e) => setNotes(e.currentTarget.checked ? '' : null)} />
        {notes !== null && <TextInput aria-label={t('rules.setNotes')} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} maxLength={2000} />}
        {errors.actions && (
          <Text c="red.8" size="sm" role="alert">
            {errors.actions}
          </Text>
        )}
        <Checkbox label={t('rules.stop')} checked={stop} onChange={(e) => setStop(e.currentTarget.checked)} />
        <Switch label={t('rules.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
        <FormActions onCancel={onDone} busy={create.isPending || update.isPending} />
      </Stack>
    </form>
  );
}
