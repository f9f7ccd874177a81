import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconScale } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAccounts, useCanWrite } from '@/shared/api/queries';
import { useCurrencyBook } from '@/shared/api/currencyBook';
import type { Account, Movement } from '@/shared/api/types';
import { dayFormatter, today } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { amountInput, exponentOf, formatMoney, parseAmount } from '@/shared/money';
import { Amount } from '@/shared/ui/Amount';
import { EmptyState } from '@/shared/ui/EmptyState';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { errorMessage } from '@/shared/ui/problems';
import { useMovementMutations } from '@/features/movements/api';
import { Checkpoints } from './Checkpoints';
import { newIdempotencyKey, useReconcileMutations, useReconcileView } from './api';

/** A balance as typed, in minor units ("-12,50" too); null when it is not an amount, undefined when empty. */
export function parseBalance(text: string, lang: string, currency: string): number | null | undefined {
  const s = text.trim();
  if (s === '') return undefined;
  const negative = /^[-−]/.test(s);
  const minor = parseAmount(s.replace(/^[-−]\s*/, ''), lang, exponentOf(currency));
  return minor === null ? null : negative ? -minor : minor;
}

/** /config/accounts/:id/reconcile: an account against a bank statement (reached from the account's menu in Configuration). */
export default function ReconcilePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { data: accounts, isPending } = useAccounts();
  const account = accounts?.find((a) => a.id === id);
  if (isPending) return <Skeleton h={240} />;
  if (!account) {
    return (
      <Stack maw={760} gap="md">
        <BackLink />
        <EmptyState icon={IconScale} text={t('reconcile.noAccount')} />
      </Stack>
    );
  }
  // A new form when the draft comes from elsewhere (another device, after a finish).
  return <Reconcile key={`${account.id}|${account.reconcileDraft?.date ?? ''}|${account.reconcileDraft?.balance ?? ''}`} account={account} />;
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/config" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('reconcile.back')}
      </Group>
    </Anchor>
  );
}

function Reconcile({ account }: { account: Account }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const day = dayFormatter(locale);
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  useCurrencyBook([account.currency]);
  const cur = account.currency;
  const draft = account.reconcileDraft;
  const [date, setDate] = useState(draft?.date ?? today());
  const [text, setText] = useState(draft ? amountInput(draft.balance, exponentOf(cur), i18n.language) : '');
  const [key] = useState(newIdempotencyKey);
  // The movements ticked on this visit stay listed (ticked) after the list refreshes without them.
  const [ticked, setTicked] = useState<Map<string, Movement>>(new Map());
  const [busy, setBusy] = useState<string | null>(null);
  const view = useReconcileView(account.id, date);
  const { update } = useMovementMutations();
  const { finish, saveDraft, forgetDraft } = useReconcileMutations(account.id);

  const balance = parseBalance(text, i18n.language, cur);
  const first = view.data?.pages[0];
  const cleared = first?.clearedBalance;
  const difference = typeof balance === 'number' && cleared !== undefined ? balance - cleared : null;
  const rows = useMemo(() => {
    const listed = view.data?.pages.flatMap((p) => p.uncleared) ?? [];
    const ids = new Set(listed.map((m) => m.id));
    const kept = [...ticked.values()].filter((m) => !ids.has(m.id) && m.date <= date);
    return [...listed, ...kept].sort((a, b) => (a.date === b.date ? Number(b.id) - Number(a.id) : a.date < b.date ? 1 : -1));
  }, [view.data, ticked, date]);

  const tick = async (m: Movement, on: boolean) => {
    setBusy(m.id);
    try {
      const saved = await update.mutateAsync({ id: m.id, state: on ? 'cleared' : 'uncleared' });
      setTicked((prev) => {
        const next = new Map(prev);
        if (on) next.set(m.id, saved);
        else next.delete(m.id);
        return next;
      });
    } catch (e) {
      notifyError(errorMessage(t, e));
    } finally {
      setBusy(null);
    }
  };
  const reconcile = async (adjust: boolean) => {
    if (typeof balance !== 'number') return;
    try {
      const res = await finish.mutateAsync({ key: adjust ? `${key}-adjust` : key, date, balance, adjust });
      notifyOk(t('reconcile.done', { count: res.reconciled }));
      void navigate('/config');
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  const later = async () => {
    if (typeof balance !== 'number') return;
    try {
      await saveDraft.mutateAsync({ date, balance });
      notifyOk(t('reconcile.kept'));
      void navigate('/config');
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  const forget = async () => {
    try {
      await forgetDraft.mutateAsync();
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };

  const dateError = !/^\d{4}-\d{2}-\d{2}$/.test(date) ? t('fieldErrors.invalid') : undefined;
  return (
    <Stack maw={760} gap="md">
      <Stack gap={4}>
        <BackLink />
        <Title order={1} size="h2">
          {t('reconcile.title', { name: account.name })}
        </Title>
        <Text size="sm" c="dimmed">
          {account.lastReconciled
            ? t('accounts.lastReconciled', { date: day(account.lastReconciled.date), balance: formatMoney(account.lastReconciled.balance, cur, locale) })
            : t('reconcile.never')}
        </Text>
      </Stack>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('reconcile.statement')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput type="date" label={t('reconcile.date')} value={date} onChange={(e) => setDate(e.currentTarget.value)} error={dateError} required />
            <TextInput
              label={t('reconcile.balance')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              inputMode="decimal"
              required
              error={balance === null ? t('fieldErrors.invalid') : undefined}
              placeholder={amountInput(0, exponentOf(cur), i18n.language)}
              rightSection={
                <Text size="xs" c="dimmed">
                  {cur}
                </Text>
              }
            />
          </SimpleGrid>
          {draft && (
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                {t('reconcile.draftNote', { date: day(draft.date) })}
              </Text>
              {canWrite && (
                <Button size="compact-xs" variant="subtle" onClick={() => void forget()} loading={forgetDraft.isPending}>
                  {t('reconcile.forget')}
                </Button>
              )}
            </Group>
          )}
          <SimpleGrid component="dl" cols={2} spacing="md" m={0} maw={420} aria-live="polite">
            <Figure label={t('reconcile.cleared', { date: dateError ? '' : day(date) })}>
              {cleared === undefined ? <Skeleton h={20} w={100} /> : <Amount value={cleared} currency={cur} kind="neutral" fw={600} />}
            </Figure>
            <Figure label={t('reconcile.difference')}>
              {difference === null ? (
                <Text span c="dimmed">
                  —
                </Text>
              ) : (
                <Text span fw={700} c={difference === 0 ? 'teal' : 'red'} className="cc-amount" data-testid="reconcile-difference">
                  {formatMoney(difference, cur, locale, { signed: difference !== 0 })}
                </Text>
              )}
            </Figure>
          </SimpleGrid>
          {difference === 0 && <Alert color="teal" icon={<IconCheck size={18} />} title={t('reconcile.agrees')} />}
          {difference !== null && difference !== 0 && (
            <Text size="sm">{t('reconcile.differs', { amount: formatMoney(Math.abs(difference), cur, locale) })}</Text>
          )}
          {canWrite && (
            <Group gap="xs">
              <Button onClick={() => void reconcile(false)} disabled={difference !== 0 || !!dateError} loading={finish.isPending}>
                {t('reconcile.finish')}
              </Button>
              {difference !== null && difference !== 0 && (
                <Button variant="light" onClick={() => void reconcile(true)} loading={finish.isPending} disabled={!!dateError}>
                  {t('reconcile.adjust', { amount: formatMoney(difference, cur, locale, { signed: true }) })}
                </Button>
              )}
              <Button variant="default" onClick={() => void later()} disabled={typeof balance !== 'number' || !!dateError} loading={saveDraft.isPending}>
                {t('reconcile.later')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="xs">
          {t('reconcile.uncleared')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {canWrite ? t('reconcile.tickHint') : t('reconcile.viewHint')}
        </Text>
        {view.isPending && !dateError ? (
          <Skeleton h={120} />
        ) : rows.length === 0 ? (
          <Text size="sm">{t('reconcile.noneUncleared')}</Text>
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.map((m) => (
              <Row key={m.id} m={m} account={account} checked={ticked.has(m.id)} disabled={!canWrite || busy === m.id} onTick={(on) => void tick(m, on)} />
            ))}
          </Stack>
        )}
        {view.hasNextPage && (
          <Button variant="subtle" mt="sm" onClick={() => void view.fetchNextPage()} loading={view.isFetchingNextPage}>
            {t('reconcile.showMore')}
          </Button>
        )}
      </Paper>
      <Checkpoints account={account} />
    </Stack>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <dd style={{ margin: 0 }}>{children}</dd>
    </div>
  );
}

/** An uncleared movement up to the statement's date: ticking it marks it cleared. */
function Row({ m, account, checked, disabled, onTick }: { m: Movement; account: Account; checked: boolean; disabled: boolean; onTick: (on: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const day = dayFormatter(locale);
  // Money into this account counts up: an earning, or a transfer it receives.
  const received = m.type === 'transfer' && m.toAccountId === account.id;
  const into = m.type === 'earning' || received;
  const value = received ? (m.toAmount ?? m.amount) : m.amount;
  const title = m.description || t(`movements.types.${m.type}`);
  return (
    <Group component="li" justify="space-between" wrap="nowrap" py={8} gap="sm" style={{ borderBottom: '1px solid var(--cc-border)' }}>
      <Checkbox
        checked={checked}
        disabled={disabled}
        onChange={(e) => onTick(e.currentTarget.checked)}
        style={{ minWidth: 0, flex: 1 }}
        label={
          <span style={{ display: 'block', minWidth: 0 }}>
            <Text span size="sm" fw={500} style={{ display: 'block', overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            <Text span size="xs" c="dimmed">
              {day(m.date)}
            </Text>
          </span>
        }
        aria-label={`${t('reconcile.tick')}: ${title}, ${day(m.date)}, ${formatMoney(into ? value : -value, account.currency, locale, { signed: true })}`}
      />
      <Amount value={into ? value : -value} currency={account.currency} signed fw={600} style={{ whiteSpace: 'nowrap' }} />
    </Group>
  );
}
