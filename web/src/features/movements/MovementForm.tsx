import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Button, CloseButton, Group, SimpleGrid, Stack, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { IconArrowsSplit2, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, type NavigateFunction } from 'react-router';
import type { TFunction } from 'i18next';
import { keyWord } from '@/shared/words';
import { ApiProblem, isProblem, newIdempotencyKey } from '@/shared/api/client';
import { useAccounts, useCategories } from '@/shared/api/queries';
import type { Category, Movement, MovementType } from '@/shared/api/types';
import { today } from '@/shared/dates';
import { AmountField, EntryTargetFields, EntryTypeControl, usableAccounts, useEntryTarget } from '@/shared/ui/EntryFields';
import { amountInput, exponentOf, parseAmount } from '@/shared/money';
import { FormActions } from '@/shared/ui/FormActions';
import { errorMessage, fieldErrors } from '@/shared/ui/problems';
import { notifyError, notifyOk, notifyWithAction } from '@/shared/ui/notify';
import { useDebouncedValue } from '@mantine/hooks';
import { useAttachFile, useCategorySuggestion, useMovementMutations, type MovementInput, type NewMovement } from './api';
import { Attachments } from './Attachments';
import { MovementAuthors } from './authors';
import { MovementView } from './MovementView';
import { rememberAccount, rememberedAccount, sentMessage, useSendNewMovement } from './send';
import { SplitLines } from './SplitLines';
import { StateField } from './StateField';
import type { MovementState } from './filters';
import { linesOf, remaining, splitBody, splitErrors, type SplitLine } from './splits';
import { ReceiptButton } from './receipt/ReceiptButton';
import type { ReceiptValues } from './receipt/values';

/** A new movement's fields given beforehand (the quick-add box's reading, opened in the full form). */
export type MovementDraft = Partial<Pick<MovementInput, 'type' | 'date' | 'amount' | 'accountId' | 'toAccountId' | 'categoryId' | 'description'>>;

/**
 * After a movement is moved to another category by hand: "Always put
 * MERCADONA in Groceries?", one click from the rule made from it, ready to
 * save on the rules screen.
 */
function offerRule({
  t,
  navigate,
  description,
  categories,
  movement,
  to,
}: {
  t: TFunction;
  navigate: NavigateFunction;
  description: string;
  categories: Category[];
  movement: Movement;
  to: string | null;
}) {
  const word = keyWord(description.trim());
  const category = categories.find((c) => c.id === to);
  if (!word || !category || movement.categoryId === to) return;
  notifyWithAction(
    t('movements.alwaysPut', { word, category: category.name }),
    t('movements.makeRuleNow'),
    () => void navigate(`/categories/rules?from=${movement.id}&category=${category.id}`),
    10000,
  );
}

/** The movement form: quick add (Enter saves; last account and today preselected, or a draft's fields) and edit; readOnly (a viewer of the ledger) shows a movement without a way to change it. */
export function MovementForm({
  movement,
  draft,
  onDone,
  compact = false,
  readOnly = false,
}: {
  movement?: Movement;
  draft?: MovementDraft;
  onDone?: () => void;
  compact?: boolean;
  readOnly?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { data: accounts = [] } = useAccounts();
  const { data: categories = [] } = useCategories();
  const { update } = useMovementMutations();
  const { send, pending: creating } = useSendNewMovement();
  const navigate = useNavigate();
  const open = usableAccounts(accounts, movement?.accountId, movement?.toAccountId);
  const initialAccount = movement?.accountId ?? draft?.accountId ?? (open.find((a) => a.id === rememberedAccount()) ?? open[0])?.id ?? null;
  const [type, setType] = useState<MovementType>(movement?.type ?? draft?.type ?? 'expense');
  // A reconciled movement's amount, date or account: the server asks for a confirmation (409 reconciled), the form asks the user.
  const formRef = useRef<HTMLFormElement>(null);
  const confirmReconciled = useRef(false);
  const [askReconciled, setAskReconciled] = useState(false);
  const movedTo = accounts.find((a) => a.id === movement?.toAccountId);
  const [target, setTarget] = useEntryTarget({
    accountId: null,
    toAccountId: movement?.toAccountId ?? draft?.toAccountId ?? null,
    categoryId: movement?.categoryId ?? draft?.categoryId ?? null,
    toAmount: movement?.toAmount != null && movedTo ? amountInput(movement.toAmount, exponentOf(movedTo.currency), i18n.language) : '',
  });
  const { toAccountId, toAmount } = target;
  // Until the user picks one, the last used (or first) account is preselected.
  const accountId = target.accountId ?? initialAccount;
  const account = accounts.find((a) => a.id === accountId);
  const exp = exponentOf(account?.currency ?? 'EUR');
  const given = movement?.amount ?? draft?.amount;
  const [amount, setAmount] = useState(given != null ? amountInput(given, exp, i18n.language) : '');
  const [date, setDate] = useState(movement?.date ?? draft?.date ?? today());
  const toAccount = accounts.find((a) => a.id === toAccountId);
  const [description, setDescription] = useState(movement?.description ?? draft?.description ?? '');
  const [notes, setNotes] = useState(movement?.notes ?? '');
  const [tags, setTags] = useState<string[]>(movement?.tags ?? []);
  const [state, setState] = useState<MovementState>(movement?.state ?? 'uncleared');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A split movement's lines (null: one category takes it whole); only expenses and earnings split.
  const [lines, setLines] = useState<SplitLine[] | null>(movement?.splits?.length ? linesOf(movement.splits, exp, i18n.language) : null);
  const split = type !== 'transfer' && lines !== null;
  const [splitJustNow, setSplitJustNow] = useState(false);
  const [unbalancedTried, setUnbalancedTried] = useState(false);
  const [splitProblems, setSplitProblems] = useState<string[]>([]);
  const splitButton = useId();
  // A new movement without a chosen category takes the one its description
  // suggests, said under the field, until the user picks one.
  const [typed] = useDebouncedValue({ description, amount }, 250);
  const typedMinor = parseAmount(typed.amount, i18n.language, exp);
  const suggestions = useCategorySuggestion(
    { description: typed.description, type, accountId, amount: typedMinor && typedMinor > 0 ? typedMinor : null },
    !movement && target.categoryId === null && !split,
  ).data;
  const fits = (id: string) => categories.some((c) => c.id === id && c.type === type && !c.archived);
  const untouched = !movement && target.categoryId === null && !split;
  // A rule's category wins over the learned one (as it does on save).
  const ruled = untouched && suggestions?.rule && fits(suggestions.rule.to) ? suggestions.rule : null;
  const best = suggestions?.best;
  const suggested = untouched && !ruled && best?.confident && fits(best.categoryId) ? best : null;
  const categoryId = target.categoryId ?? ruled?.to ?? suggested?.categoryId ?? null;
  const createKey = useRef(newIdempotencyKey());
  const crossCurrency = type === 'transfer' && account && toAccount && account.currency !== toAccount.currency;
  // A receipt's photo read into a new movement: attached to it once it is saved.
  const [photo, setPhoto] = useState<File | null>(null);
  const attach = useAttachFile();

  if (open.length === 0) return <Text c="dimmed">{t('movements.needAccount')}</Text>;

  /**
   * What a receipt says, checked by the person, into the form: an expense of
   * its total (minor units, formatted as the form shows amounts), on its
   * date, described by its shop (which makes the category suggestion run),
   * on an account in its currency when the chosen one is in another.
   */
  const applyReceipt = (v: ReceiptValues, file: File) => {
    setType('expense');
    setLines(null);
    let to = account;
    if (v.currency && account && account.currency !== v.currency) {
      const other = open.find((a) => a.currency === v.currency);
      if (other) to = other;
      notifyOk(
        other
          ? t('receipt.otherAccount', { currency: v.currency, account: other.name })
          : t('receipt.noAccount', { currency: v.currency, account: account.name }),
      );
    }
    setTarget({ categoryId: null, accountId: to?.id ?? accountId });
    if (v.amount !== null) setAmount(amountInput(v.amount, exponentOf(v.currency ?? to?.currency ?? 'EUR'), i18n.language));
    if (v.date) setDate(v.date);
    if (v.shop) setDescription(v.shop);
    setPhoto(file);
  };

  const attachPhoto = async (sent: 'queued' | string[], movementId: string | undefined) => {
    if (!photo) return;
    setPhoto(null);
    if (sent === 'queued' || !movementId) {
      notifyError(t('receipt.notAttached'));
      return;
    }
    try {
      await attach.mutateAsync({ movementId, file: photo });
      notifyOk(t('receipt.attached'));
    } catch (e) {
      const refused = isProblem(e) && (e.code === 'unsupported_media_type' || e.code === 'payload_too_large');
      notifyError(refused ? t('attachments.rejected') : errorMessage(t, e));
    }
  };

  // Split: the category (chosen or suggested) becomes the first of two lines.
  const startSplit = () => {
    setLines([
      { key: 0, categoryId, amount: '', note: '' },
      { key: 1, categoryId: null, amount: '', note: '' },
    ]);
    setSplitJustNow(true);
  };
  // Whole again: the first line's category takes it all; the focus goes back to the Split button.
  const unsplit = () => {
    flushSync(() => {
      setTarget({ categoryId: lines?.[0]?.categoryId ?? null });
      setLines(null);
      setUnbalancedTried(false);
      setSplitProblems([]);
    });
    document.getElementById(splitButton)?.focus();
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    const minor = parseAmount(amount, i18n.language, exp);
    if (!amount.trim()) errs.amount = t('fieldErrors.required');
    else if (minor === null || minor === 0) errs.amount = t('fieldErrors.invalid');
    if (!date) errs.date = t('fieldErrors.required');
    if (!accountId) errs.accountId = t('fieldErrors.required');
    if (type !== 'transfer' && !split && !categoryId) errs.categoryId = t('fieldErrors.required');
    let unbalanced = false;
    if (split) {
      for (const l of lines) {
        const v = parseAmount(l.amount, i18n.language, exp);
        if (!l.categoryId) errs[`line.${l.key}.categoryId`] = t('fieldErrors.required');
        if (!l.amount.trim()) errs[`line.${l.key}.amount`] = t('fieldErrors.required');
        else if (v === null || v === 0) errs[`line.${l.key}.amount`] = t('fieldErrors.invalid');
      }
      // Saved only when the lines add up to the amount, said under them until they do.
      unbalanced = minor !== null && remaining(minor, lines, i18n.language, exp) !== 0;
      setUnbalancedTried(unbalanced);
    }
    const splits = split ? splitBody(lines, i18n.language, exp) : null;
    if (type === 'transfer' && !toAccountId) errs.toAccountId = t('fieldErrors.required');
    let received: number | null = null;
    if (crossCurrency) {
      received = parseAmount(toAmount, i18n.language, exponentOf(toAccount.currency));
      if (received === null || received === 0) errs.toAmount = t('fieldErrors.invalid');
    }
    setErrors(errs);
    setSplitProblems([]);
    if (Object.keys(errs).length || unbalanced || minor === null || !accountId || (split && !splits)) return;
    const sentCategory = type === 'transfer' || split ? null : categoryId;
    const body: NewMovement = {
      type,
      date,
      amount: minor,
      accountId,
      description: description.trim(),
      notes: notes.trim(),
      tags,
      categoryId: sentCategory,
      // [] makes a split movement whole again; a transfer has no lines.
      splits: type === 'transfer' ? undefined : (splits ?? []),
      toAccountId: type === 'transfer' ? toAccountId : null,
      toAmount: type === 'transfer' ? (crossCurrency ? received : minor) : null,
      // Sent only when it changes: a reconciled movement's state is left alone unless the user picks another.
      ...(state !== (movement?.state ?? 'uncleared') ? { state } : {}),
    };
    try {
      let sent: 'queued' | string[] = [];
      if (movement) {
        await update.mutateAsync({ id: movement.id, ...body, confirm: confirmReconciled.current });
        confirmReconciled.current = false;
        setAskReconciled(false);
        offerRule({ t, navigate, description, categories, movement, to: sentCategory });
      } else {
        const made: { id?: string } = {};
        sent = await send(body, createKey.current, (m) => (made.id = m.id));
        createKey.current = newIdempotencyKey(); // the next movement is another one
        await attachPhoto(sent, made.id);
      }
      rememberAccount(accountId);
      // Saved, and what the ledger's rules did to it, by name.
      notifyOk(sentMessage(t, sent));
      if (!movement) {
        setAmount('');
        setDescription('');
        setNotes('');
        setTags([]);
        setState('uncleared');
        setLines(null);
        setSplitJustNow(false);
      }
      onDone?.();
    } catch (err) {
      if (err instanceof ApiProblem && err.code === 'reconciled' && !confirmReconciled.current) {
        setAskReconciled(true);
        return;
      }
      confirmReconciled.current = false;
      setErrors(fieldErrors(t, err));
      setSplitProblems(splitErrors(t, err));
      notifyError(errorMessage(t, err));
    }
  };

  if (readOnly && movement) return <MovementView movement={movement} />;

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void (readOnly ? e.preventDefault() : submit(e))}
      noValidate
      aria-label={readOnly ? t('movements.view') : movement ? t('movements.edit') : t('movements.add')}
    >
      {/* A disabled fieldset disables every field inside it: a viewer reads the movement. */}
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          {!movement && !readOnly && (
            <ReceiptButton onRead={applyReceipt} currencies={[...new Set(open.map((a) => a.currency))]} accountCurrency={account?.currency ?? 'EUR'} />
          )}
          <EntryTypeControl
            value={type}
            onChange={(v) => {
              setType(v);
              setTarget({ categoryId: null });
              // A transfer is never split; between expense and earning the lines keep their amounts, not their categories.
              setLines((ls) => (v === 'transfer' || !ls ? null : ls.map((l) => ({ ...l, categoryId: null }))));
              setSplitJustNow(false);
            }}
          />
          <SimpleGrid cols={{ base: 1, xs: 2, md: compact ? 4 : 2 }} spacing="sm">
            <AmountField
              value={amount}
              onChange={setAmount}
              currency={account?.currency}
              error={errors.amount}
              placeholder={amountInput(0, exp, i18n.language)}
            />
            <TextInput label={t('movements.date')} type="date" value={date} onChange={(e) => setDate(e.currentTarget.value)} error={errors.date} required />
            <EntryTargetFields
              type={type}
              accounts={open}
              categories={categories}
              value={{ ...target, accountId, categoryId }}
              onChange={setTarget}
              keepCategory={movement?.categoryId ?? null}
              noCategory={split}
              errors={errors}
              categoryHint={
                ruled
                  ? t('movements.setByRule', { name: ruled.ruleName })
                  : suggested
                    ? t('movements.suggestedBecause', { count: suggested.count, total: suggested.total, word: suggested.word })
                    : undefined
              }
            />
            <TextInput
              label={t('movements.description')}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              maxLength={200}
              error={errors.description}
            />
          </SimpleGrid>
          {photo && (
            <Group gap="xs" wrap="nowrap">
              <IconPaperclip size={16} aria-hidden />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('receipt.photo', { name: photo.name })}
              </Text>
              <CloseButton size="sm" aria-label={t('receipt.removePhoto')} onClick={() => setPhoto(null)} />
            </Group>
          )}
          {type !== 'transfer' &&
            (lines ? (
              <SplitLines
                type={type}
                categories={categories}
                currency={account?.currency ?? ''}
                exponent={exp}
                total={parseAmount(amount, i18n.language, exp)}
                lines={lines}
                onChange={setLines}
                onUnsplit={unsplit}
                errors={errors}
                problems={splitProblems}
                mismatch={unbalancedTried}
                autoFocus={splitJustNow}
              />
            ) : readOnly ? null : (
              <Group>
                <Button id={splitButton} variant="subtle" size="compact-sm" leftSection={<IconArrowsSplit2 size={16} aria-hidden />} onClick={startSplit}>
                  {t('movements.split.start')}
                </Button>
              </Group>
            ))}
          {!compact && (
            <>
              <TagsInput label={t('movements.tags')} description={t('movements.tagsHint')} value={tags} onChange={setTags} maxTags={20} error={errors.tags} />
              <Textarea label={t('movements.notes')} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} autosize minRows={2} maxLength={2000} />
              <StateField value={state} onChange={setState} readOnly={readOnly} />
              {movement && <Attachments movementId={movement.id} readOnly={readOnly} />}
              {movement && <MovementAuthors movement={movement} />}
            </>
          )}
          {askReconciled && (
            <Alert color="orange" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{`${t('errors.reconciled')} ${t('movements.reconciledConfirm')}`}</Text>
                <Button
                  type="button"
                  size="xs"
                  color="orange"
                  onClick={() => {
                    confirmReconciled.current = true;
                    formRef.current?.requestSubmit();
                  }}
                >
                  {t('movements.saveAnyway')}
                </Button>
              </Stack>
            </Alert>
          )}
          {!readOnly && (
            <FormActions onCancel={movement ? onDone : undefined} busy={creating || update.isPending || attach.isPending}>
              {movement && (
                <Group gap={0} mr="auto">
                  <Button variant="subtle" component={Link} to={`/movements/scheduled?repeat=${movement.id}`}>
                    {t('movements.repeat')}
                  </Button>
                  {movement.type !== 'transfer' && (
                    <Button variant="subtle" component={Link} to={`/categories/rules?from=${movement.id}`}>
                      {t('movements.makeRule')}
                    </Button>
                  )}
                </Group>
              )}
            </FormActions>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
