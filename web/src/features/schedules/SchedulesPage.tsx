import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarRepeat, IconDots, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAccounts, useCanWrite, useCategories } from '@/shared/api/queries';
import { dayFormatter, monthAfter } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { amountInput, exponentOf, formatMoney, parseAmount } from '@/shared/money';
import { Amount } from '@/shared/ui/Amount';
import { EmptyState } from '@/shared/ui/EmptyState';
import { PageHeader } from '@/shared/ui/PageHeader';
import { ReadOnlyNotice } from '@/shared/ui/ReadOnlyNotice';
import { ConfirmDelete } from '@/shared/ui/ConfirmDelete';
import { FormActions } from '@/shared/ui/FormActions';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useMovement, useScheduleMutations, useSchedules, useSuggestions, type Schedule, type ScheduleDraft } from './api';
import { describeRule } from './rule';
import { ScheduleForm } from './ScheduleForm';
import { LazyModal } from '@/shared/ui/LazyModal';

/** Which occurrence a confirmation is about, and the amount typed for it. */
interface Confirming {
  schedule: Schedule;
  occurrence: string;
}

/** The dialog that posts one occurrence: the amount is asked when the schedule asks for it, else shown. */
function ConfirmDialog({ c, onClose }: { c: Confirming; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { post } = useScheduleMutations();
  const exp = exponentOf(c.schedule.currency);
  const [amount, setAmount] = useState(amountInput(c.schedule.amount, exp, i18n.language));
  const [error, setError] = useState<string>();
  const name = c.schedule.description || t('schedules.untitled');
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const minor = parseAmount(amount, i18n.language, exp);
    if (minor === null || minor <= 0) {
      setError(t('fieldErrors.invalid'));
      return;
    }
    try {
      const m = await post.mutateAsync({ id: c.schedule.id, occurrence: c.occurrence, amount: minor });
      notifyOk(t('schedules.posted', { name, amount: formatMoney(m.amount, m.currency, locale) }));
      onClose();
    } catch (err) {
      notifyError(errorMessage(t, err));
    }
  };
  return (
    <LazyModal opened onClose={onClose} title={t('schedules.confirmTitle', { name, date: dayFormatter(locale)(c.occurrence) })}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('movements.amount')}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            inputMode="decimal"
            error={error}
            data-autofocus
            readOnly={!c.schedule.askAmount}
            rightSection={
              <Text size="xs" c="dimmed">
                {c.schedule.currency}
              </Text>
            }
          />
          <FormActions onCancel={onClose} busy={post.isPending} label={t('schedules.confirm')} />
        </Stack>
      </form>
    </LazyModal>
  );
}

/** A schedule; readOnly (a viewer's): what it is and when it comes, no post, edit, skip, pause or delete. */
function ScheduleRow({ s, readOnly, onEdit, onConfirm }: { s: Schedule; readOnly: boolean; onEdit: () => void; onConfirm: (occurrence: string) => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const day = dayFormatter(locale);
  const { data: accounts = [] } = useAccounts();
  const { data: categories = [] } = useCategories();
  const { update, remove, skip } = useScheduleMutations();
  const name = s.description || t('schedules.untitled');
  const account = accounts.find((a) => a.id === s.accountId)?.name ?? '';
  const target =
    s.type === 'transfer' ? `→ ${accounts.find((a) => a.id === s.toAccountId)?.name ?? ''}` : (categories.find((c) => c.id === s.categoryId)?.name ?? '');
  const act = async (work: Promise<unknown>, done?: string) => {
    try {
      await work;
      if (done) notifyOk(done);
    } catch (err) {
      notifyError(errorMessage(t, err));
    }
  };
  const [deleting, setDeleting] = useState(false);
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} truncate>
              {name}
            </Text>
            {s.paused && (
              <Badge size="sm" variant="default">
                {t('schedules.paused')}
              </Badge>
            )}
            {!s.nextDate && (
              <Badge size="sm" variant="default">
                {t('schedules.ended')}
              </Badge>
            )}
            {s.due.length > 0 && (
              <Badge size="sm" color="red.9" variant="filled">
                {t('schedules.waiting', { count: s.due.length })}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {[account, target].filter(Boolean).join(' · ')}
          </Text>
          <Text size="sm">{describeRule(t, s, locale)}</Text>
          {s.nextDate && (
            <Text size="sm" c="dimmed">
              {t('schedules.next', { date: day(s.nextDate) })}
            </Text>
          )}
        </Stack>
        <Stack gap={6} align="flex-end">
          <Amount value={s.amount} currency={s.currency} kind={s.type === 'transfer' ? 'neutral' : s.type} fw={700} />
          {!readOnly && (
            <Group gap={6} wrap="nowrap">
              {s.nextDate && (
                <Button size="xs" variant="light" onClick={() => onConfirm(s.due[0] ?? s.nextDate)}>
                  {s.due.length > 0 ? t('schedules.confirm') : t('schedules.postNow')}
                </Button>
              )}
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" aria-label={t('schedules.actions', { name })}>
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={onEdit}>{t('common.edit')}</Menu.Item>
                  {s.nextDate && (
                    <Menu.Item
                      onClick={() => void act(skip.mutateAsync({ id: s.id, occurrence: s.nextDate }), t('schedules.skipped', { date: day(s.nextDate) }))}
                    >
                      {t('schedules.skip')}
                    </Menu.Item>
                  )}
                  <Menu.Item onClick={() => void act(update.mutateAsync({ id: s.id, paused: !s.paused }))}>
                    {s.paused ? t('schedules.resume') : t('schedules.pause')}
                  </Menu.Item>
                  <Menu.Item color="red" onClick={() => setDeleting(true)}>
                    {t('common.delete')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          )}
        </Stack>
      </Group>
      <ConfirmDelete
        opened={deleting}
        question={t('schedules.deleteConfirm', { name })}
        busy={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => void act(remove.mutateAsync(s.id), t('schedules.deleted'))}
      />
    </Paper>
  );
}

/** Regular series found in the history, each one click from a schedule. */
function Suggestions({ onPick }: { onPick: (s: ScheduleDraft) => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [asked, setAsked] = useState(false);
  const { data, isFetching } = useSuggestions(asked);
  return (
    <Stack gap="xs" component="section" aria-labelledby="suggestions">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Title order={2} size="h4" id="suggestions">
            {t('schedules.suggestions')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('schedules.suggestionsHint')}
          </Text>
        </div>
        {!data && (
          <Button variant="default" size="sm" onClick={() => setAsked(true)} loading={isFetching}>
            {t('schedules.findSuggestions')}
          </Button>
        )}
      </Group>
      {data?.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('schedules.noSuggestions')}
        </Text>
      )}
      {data?.items.map((s) => (
        <Paper key={`${s.accountId}-${s.description}-${s.type}`} withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={600}>{s.description}</Text>
                <Amount value={s.amount} currency={s.currency} kind={s.type === 'transfer' ? 'neutral' : s.type} size="sm" fw={600} />
              </Group>
              <Text size="sm">{describeRule(t, { ...s, endDate: '', count: 0 }, locale)}</Text>
              <Text size="xs" c="dimmed">
                {t('schedules.suggestion', { count: s.occurrences, date: dayFormatter(locale)(s.lastDate) })}
              </Text>
            </Stack>
            <Button size="xs" variant="light" onClick={() => onPick({ ...s, endDate: '', count: 0, askAmount: false, autoPost: true })}>
              {t('schedules.makeSchedule')}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** /movements/scheduled: the schedules, what waits for a confirmation, and the suggestions; ?repeat=<movement id> opens a new schedule from that movement. */
export default function SchedulesPage({ nav }: { nav?: React.ReactNode }) {
  const { t } = useTranslation();
  // A viewer of the ledger sees the schedules and what waits, and posts, adds or changes none (no suggestions to turn into one either).
  const canWrite = useCanWrite();
  const [params, setParams] = useSearchParams();
  const { data, isSuccess } = useSchedules();
  const repeatId = canWrite ? params.get('repeat') : null;
  const { data: repeat } = useMovement(repeatId);
  const [editing, setEditing] = useState<Schedule | null>(null);
  const [adding, setAdding] = useState<ScheduleDraft | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  // Repeating a movement: monthly on its day, from the month after it (the movement itself is the first).
  const fromMovement: ScheduleDraft | null = repeat
    ? { ...repeat, frequency: 'monthly', interval: 1, startDate: monthAfter(repeat.date), day: Number(repeat.date.slice(8, 10)), endDate: '', count: 0 }
    : null;
  const form = adding ?? (repeatId ? fromMovement : null);
  const closeForm = () => {
    setAdding(null);
    if (repeatId) setParams({}, { replace: true });
  };
  const items = data?.items ?? [];
  return (
    <Stack gap="sm">
      <PageHeader title={t('schedules.title')} note={<ReadOnlyNotice />}>
        {canWrite && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setAdding({})}>
            {t('schedules.add')}
          </Button>
        )}
      </PageHeader>
      {nav}
      {isSuccess && items.length === 0 ? (
        <EmptyState icon={IconCalendarRepeat} text={canWrite ? t('schedules.empty') : t('schedules.emptyView')} />
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((s) => (
            <ScheduleRow
              key={s.id}
              s={s}
              readOnly={!canWrite}
              onEdit={() => setEditing(s)}
              onConfirm={(occurrence) => setConfirming({ schedule: s, occurrence })}
            />
          ))}
        </Stack>
      )}
      {canWrite && <Suggestions onPick={setAdding} />}
      <LazyModal opened={form !== null} onClose={closeForm} title={repeatId && !adding ? t('schedules.repeatTitle') : t('schedules.add')} size="lg">
        {form && <ScheduleForm initial={form} onDone={closeForm} />}
      </LazyModal>
      <LazyModal opened={editing !== null} onClose={() => setEditing(null)} title={t('schedules.edit')} size="lg">
        {editing && <ScheduleForm key={editing.id} schedule={editing} onDone={() => setEditing(null)} />}
      </LazyModal>
      {confirming && <ConfirmDialog c={confirming} onClose={() => setConfirming(null)} />}
    </Stack>
  );
}
