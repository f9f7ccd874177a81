import { useId, useMemo, useRef, useState } from 'react';
import { Badge, Button, Group, Paper, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '@/shared/api/client';
import { useAccounts, useCategories } from '@/shared/api/queries';
import type { MovementType } from '@/shared/api/types';
import { categoryChoices } from '@/shared/categories';
import { capitalise, dayFormatter, today } from '@/shared/dates';
import { exponentOf, formatMoney } from '@/shared/money';
import { useOnline } from '@/shared/offline/online';
import { EntryTypeControl } from '@/shared/ui/EntryFields';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { errorMessage } from '@/shared/ui/problems';
import { useCategorySuggestion, type NewMovement } from '../api';
import type { MovementDraft } from '../MovementForm';
import { rememberAccount, rememberedAccount, sentMessage, useSendNewMovement } from '../send';
import { parse, type Field, type Lang, type Note, type Status } from './parse';

/** What the person picked in the box; it wins over the sentence. */
interface Choices {
  type?: MovementType;
  amount?: number;
  date?: string;
  accountId?: string;
  toAccountId?: string;
  categoryId?: string;
}

type Shown<T> = Field<T> & { hint?: string };

const chosenField = <T,>(value: T): Shown<T> => ({ value, status: 'sure', options: [], note: null });
const unclear = (s: Status) => s === 'ask' || s === 'missing';
const statusColor: Record<Status, string> = { sure: 'gray', default: 'gray', check: 'orange', ask: 'red', missing: 'red' };

/**
 * The quick-add box: a movement typed as a sentence, read as it is typed
 * (parse), shown field by field with what is unclear marked and its
 * choices; Enter saves through the movement form's path (one Idempotency-Key
 * per movement, the offline queue offline), or asks first.
 */
export function QuickAdd({ onDone, onFullForm }: { onDone: () => void; onFullForm: (draft: MovementDraft) => void }) {
  const { t, i18n } = useTranslation();
  const lang = (['es', 'en', 'fr'].includes(i18n.language) ? i18n.language : 'es') as Lang;
  const { data: accounts = [] } = useAccounts();
  const { data: categories = [] } = useCategories();
  const online = useOnline();
  const { send } = useSendNewMovement();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<Choices>({});
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const key = useRef(newIdempotencyKey());
  const form = useRef<HTMLFormElement>(null);

  const parsed = useMemo(
    () =>
      parse(text, {
        lang,
        today: today(),
        accounts,
        categories,
        defaultAccountId: rememberedAccount(),
        exponentOf,
        chosen: { accountId: chosen.accountId, toAccountId: chosen.toAccountId, type: chosen.type },
      }),
    [text, lang, accounts, categories, chosen.accountId, chosen.toAccountId, chosen.type],
  );
  const type: Shown<MovementType> = parsed.type;
  const amount: Shown<number> = chosen.amount !== undefined ? chosenField(chosen.amount) : parsed.amount;
  const date: Shown<string> = chosen.date !== undefined ? chosenField(chosen.date) : parsed.date;
  const account: Shown<string> = parsed.account;
  const toAccount: Shown<string> = parsed.toAccount;
  const transfer = type.value === 'transfer';
  const acc = accounts.find((a) => a.id === account.value);

  // No category in the words: the ledger's own history suggests one (online), as in the form.
  const [typed] = useDebouncedValue({ words: parsed.words.join(' '), amount: amount.value }, 250);
  const wantSuggestion = online && !transfer && type.value !== null && parsed.category.status === 'missing' && chosen.categoryId === undefined;
  const suggestions = useCategorySuggestion(
    { description: typed.words, type: type.value ?? 'expense', accountId: account.value, amount: typed.amount },
    wantSuggestion,
  ).data;
  const fits = (id: string) => categories.some((c) => c.id === id && c.type === type.value && !c.archived);
  let category: Shown<string> = parsed.category;
  if (chosen.categoryId !== undefined) category = chosenField(chosen.categoryId);
  else if (wantSuggestion && suggestions?.rule && fits(suggestions.rule.to))
    category = { ...chosenField(suggestions.rule.to), hint: t('quickAdd.byRule', { name: suggestions.rule.ruleName }) };
  else if (wantSuggestion && suggestions?.best && fits(suggestions.best.categoryId))
    category = {
      value: suggestions.best.categoryId,
      // A suggestion the model is not sure of is shown, and marked to check.
      status: suggestions.best.confident ? 'sure' : 'check',
      options: [],
      note: null,
      hint: t('quickAdd.suggested'),
    };

  const fields: Shown<unknown>[] = [type, amount, date, account, transfer ? toAccount : category];
  const ready = text.trim() !== '' && fields.every((f) => f.value !== null && !unclear(f.status)) && !(transfer && toAccount.note === 'crossCurrency');
  const set = (c: Choices) => setChosen((s) => ({ ...s, ...c }));

  const draft = (): MovementDraft => ({
    type: type.value ?? 'expense',
    amount: amount.value ?? undefined,
    date: date.value ?? undefined,
    accountId: account.value ?? undefined,
    toAccountId: transfer ? (toAccount.value ?? undefined) : undefined,
    categoryId: transfer ? undefined : (category.value ?? undefined),
    description: parsed.description,
  });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy.current) return; // a second Enter while the first is being saved
    if (!ready || !account.value || amount.value === null || !date.value || !type.value) {
      setTried(true);
      form.current?.querySelector<HTMLElement>('[data-unclear] input:not([type="hidden"]), [data-unclear] button')?.focus();
      return;
    }
    const body: NewMovement = {
      type: type.value,
      date: date.value,
      amount: amount.value,
      accountId: account.value,
      categoryId: transfer ? null : category.value,
      toAccountId: transfer ? toAccount.value : null,
      toAmount: transfer ? amount.value : null,
      description: parsed.description,
      notes: '',
      tags: [],
    };
    busy.current = true;
    setSaving(true);
    try {
      const sent = await send(body, key.current);
      key.current = newIdempotencyKey(); // the next movement is another one
      rememberAccount(account.value);
      notifyOk(sentMessage(t, sent));
      // Saved: the box is empty again, so another Enter saves nothing more.
      setText('');
      setChosen({});
      setTried(false);
      onDone();
    } catch (err) {
      // The same key is sent again on the next Enter: a reply lost on the way back saves once.
      notifyError(errorMessage(t, err));
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  const day = dayFormatter(i18n.language, { dateStyle: 'full' });
  const money = (minor: number) => formatMoney(minor, acc?.currency ?? 'EUR', i18n.language);
  const accountData = (f: Shown<string>, but?: string | null) =>
    (f.options.length ? f.options : accounts.filter((a) => !a.archived).map((a) => a.id))
      .filter((id) => id !== but)
      .map((id) => {
        const a = accounts.find((x) => x.id === id);
        return { value: id, label: a ? `${a.name} (${a.currency})` : id };
      });
  const categoryData =
    category.options.length > 0
      ? category.options.map((id) => ({ value: id, label: categories.find((c) => c.id === id)?.name ?? id }))
      : type.value === 'expense' || type.value === 'earning'
        ? categoryChoices(categories, type.value)
        : [];
  const noteText = (n: Note | null, f: Shown<unknown>) =>
    n ? t(`quickAdd.notes.${n}`) : f.status === 'missing' && f === category ? t('quickAdd.notes.noCategory') : '';

  return (
    <form ref={form} onSubmit={(e) => void submit(e)} noValidate aria-label={t('quickAdd.title')}>
      <Stack gap="md">
        <TextInput
          label={t('quickAdd.label')}
          description={t('quickAdd.help')}
          placeholder={t('quickAdd.placeholder')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            // A new sentence: the amount and date it says are read again.
            setChosen(({ amount: _a, date: _d, ...keep }) => keep);
          }}
          data-autofocus
          autoComplete="off"
          enterKeyHint="done"
          size="md"
        />
        <Paper withBorder p="sm" radius="md" component="section" aria-label={t('quickAdd.preview')}>
          {text.trim() === '' ? (
            <Text size="sm" c="dimmed">
              {t('quickAdd.empty')}
            </Text>
          ) : (
            <Stack gap="sm">
              <FieldBox label={t('movements.type')} field={type} note={noteText(type.note, type)} tried={tried}>
                {type.value === null ? (
                  <Choice
                    label={t('movements.type')}
                    value={null}
                    options={type.options}
                    show={(v) => t(`movements.types.${v}`)}
                    onChange={(v) => set({ type: v, categoryId: undefined })}
                  />
                ) : (
                  <EntryTypeControl value={type.value} onChange={(v) => set({ type: v, categoryId: undefined })} />
                )}
              </FieldBox>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <FieldBox
                  label={t('movements.amount')}
                  field={amount}
                  note={noteText(amount.note, amount)}
                  tried={tried}
                  shown={amount.value !== null ? money(amount.value) : null}
                >
                  {amount.options.length > 1 && (
                    <Choice label={t('movements.amount')} value={amount.value} options={amount.options} show={money} onChange={(v) => set({ amount: v })} />
                  )}
                </FieldBox>
                <FieldBox
                  label={t('movements.date')}
                  field={date}
                  note={noteText(date.note, date)}
                  tried={tried}
                  shown={date.value ? capitalise(day(date.value), i18n.language) : null}
                >
                  {date.options.length > 1 || (date.options.length === 1 && date.value !== date.options[0]) ? (
                    <Choice
                      label={t('movements.date')}
                      value={date.value}
                      options={date.options}
                      show={(d) => capitalise(day(d), i18n.language)}
                      onChange={(v) => set({ date: v })}
                    />
                  ) : date.value === null ? (
                    <TextInput type="date" aria-label={t('movements.date')} onChange={(e) => e.currentTarget.value && set({ date: e.currentTarget.value })} />
                  ) : null}
                </FieldBox>
                <FieldBox
                  label={transfer ? t('movements.fromAccount') : t('movements.account')}
                  field={account}
                  note={noteText(account.note, account)}
                  tried={tried}
                >
                  <Select
                    aria-label={transfer ? t('movements.fromAccount') : t('movements.account')}
                    data={accountData(account)}
                    value={account.value}
                    onChange={(v) => v && set({ accountId: v })}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                  />
                </FieldBox>
                {transfer ? (
                  <FieldBox label={t('movements.toAccount')} field={toAccount} note={noteText(toAccount.note, toAccount)} tried={tried}>
                    <Select
                      aria-label={t('movements.toAccount')}
                      data={accountData(toAccount, account.value)}
                      value={toAccount.value}
                      onChange={(v) => v && set({ toAccountId: v })}
                      allowDeselect={false}
                    />
                  </FieldBox>
                ) : (
                  <FieldBox label={t('movements.category')} field={category} note={noteText(category.note, category)} hint={category.hint} tried={tried}>
                    <Select
                      aria-label={t('movements.category')}
                      data={categoryData}
                      value={category.value}
                      onChange={(v) => v && set({ categoryId: v })}
                      searchable
                      allowDeselect={false}
                      disabled={type.value === null}
                    />
                  </FieldBox>
                )}
              </SimpleGrid>
              {/* In line with the fields above (their 3 px mark and 8 px gap). */}
              <div style={{ paddingLeft: 11 }}>
                <Text size="xs" c="dimmed" fw={600}>
                  {t('movements.description')}
                </Text>
                <Text size="sm" fs={parsed.description ? undefined : 'italic'} c={parsed.description ? undefined : 'dimmed'}>
                  {parsed.description || t('quickAdd.noDescription')}
                </Text>
              </div>
            </Stack>
          )}
        </Paper>
        {tried && !ready && (
          <Text size="sm" c="red" role="alert">
            {t('quickAdd.chooseFirst')}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap">
          <Button variant="subtle" type="button" onClick={() => onFullForm(draft())}>
            {t('quickAdd.fullForm')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One field of the reading: its label, what was read, and, when unclear, why and the way to choose. */
function FieldBox({
  label,
  field,
  note,
  hint,
  shown,
  tried,
  children,
}: {
  label: string;
  field: Shown<unknown>;
  note: string;
  hint?: string;
  /** The value as text (amount, date); the control shows it otherwise. */
  shown?: string | null;
  tried: boolean;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const marked = field.status !== 'sure';
  const blocking = unclear(field.status);
  return (
    <div
      data-unclear={blocking ? '' : undefined}
      style={{
        borderLeft: `3px solid ${marked && field.status !== 'default' ? `var(--mantine-color-${statusColor[field.status]}-filled)` : 'transparent'}`,
        paddingLeft: 8,
      }}
    >
      <Group gap={6} wrap="nowrap">
        <Text size="xs" c="dimmed" fw={600}>
          {label}
        </Text>
        {marked && (
          <Badge size="xs" variant={field.status === 'default' ? 'default' : 'filled'} color={statusColor[field.status]} autoContrast>
            {t(`quickAdd.status.${field.status}`)}
          </Badge>
        )}
      </Group>
      {shown !== undefined && (
        <Text size="md" fw={600}>
          {shown ?? '—'}
        </Text>
      )}
      {(note || hint) && (
        <Text size="xs" c={blocking && tried ? 'red' : 'dimmed'} mb={4}>
          {[note, hint].filter(Boolean).join(' · ')}
        </Text>
      )}
      {children}
    </div>
  );
}

/** The readings of an amount or a date, one to pick. */
function Choice<T extends string | number>({
  label,
  value,
  options,
  show,
  onChange,
}: {
  label: string;
  value: T | null;
  options: T[];
  show: (v: T) => string;
  onChange: (v: T) => void;
}) {
  const name = useId();
  // A plain radiogroup named by the field's label (Mantine's Radio.Group names itself only by a label of its own, which the field already shows).
  return (
    <Group gap="sm" mt={4} role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <Radio
          key={String(o)}
          name={name}
          value={String(o)}
          checked={value !== null && String(value) === String(o)}
          onChange={() => onChange(o)}
          label={show(o)}
        />
      ))}
    </Group>
  );
}
