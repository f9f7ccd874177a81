import { useState } from 'react';
import { ActionIcon, Badge, Box, Button, Group, Menu, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconDots, IconPlus, IconWand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAccounts, useCanWrite, useCategories, useMe } from '@/shared/api/queries';
import type { Account, Category } from '@/shared/api/types';
import { dayFormatter } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { formatMoney } from '@/shared/money';
import { EmptyState } from '@/shared/ui/EmptyState';
import { PageHeader } from '@/shared/ui/PageHeader';
import { ReadOnlyNotice } from '@/shared/ui/ReadOnlyNotice';
import { errorMessage } from '@/shared/ui/problems';
import { ConfirmDelete } from '@/shared/ui/ConfirmDelete';
import { notifyError, notifyOk, notifyWithAction } from '@/shared/ui/notify';
import { useMovement, useRuleMutations, useRulePreview, useRules, type Rule, type RuleChange, type RuleDraft } from './api';
import { keyWord } from '@/shared/words';
import { categoryNames, describeActions, describeConditions } from './describe';
import { RuleForm } from './RuleForm';
import { LazyModal } from '@/shared/ui/LazyModal';

/** A change in words: "Category: Misc → Groceries". */
function changeText(c: RuleChange, t: ReturnType<typeof useTranslation>['t'], names: Map<string, string>) {
  const show = (v: string) => (c.field === 'categoryId' ? (names.get(v) ?? '—') : v || '—');
  return `${t(`rules.change.${c.field}`)}: ${show(c.from)} → ${show(c.to)}`;
}

/** Applying a rule to the movements there are: what would change first, then the change, with an undo. */
function ApplyDialog({ rule, names, onClose }: { rule: Rule; names: Map<string, string>; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { apply, undo } = useRuleMutations();
  const preview = useRulePreview(rule.id);
  const run = preview.data;
  const go = async () => {
    try {
      const done = await apply.mutateAsync(rule.id);
      onClose();
      const undoRun = () =>
        // The dialog is gone by now: mutate's own callbacks would not run, the promise's do.
        undo.mutateAsync(done.runId ?? '').then(
          (r) => notifyOk(`${t('rules.undone', { count: r.restored })}${r.kept ? ` ${t('rules.keptSince', { count: r.kept })}` : ''}`),
          (e: unknown) => notifyError(errorMessage(t, e)),
        );
      if (done.runId) notifyWithAction(t('rules.applied', { count: done.count }), t('common.undo'), () => void undoRun(), 10000);
      else notifyOk(t('rules.applied', { count: done.count }));
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  const day = dayFormatter(locale);
  return (
    <LazyModal opened onClose={onClose} title={t('rules.applyTitle', { name: rule.name })} size="lg">
      <Stack gap="sm">
        {preview.isPending && <Text size="sm">{t('rules.previewing')}</Text>}
        {preview.isError && (
          <Text size="sm" c="red.8" role="alert">
            {errorMessage(t, preview.error)}
          </Text>
        )}
        {run && run.count === 0 && <Text size="sm">{t('rules.nothingToChange')}</Text>}
        {run && run.count > 0 && (
          <>
            <Text size="sm">{t('rules.willChange', { count: run.count })}</Text>
            <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
              {run.sample.map((m) => (
                <Box component="li" key={m.id} py={6} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" fw={500} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {m.description || '—'}
                    </Text>
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {day(m.date)}
                    </Text>
                  </Group>
                  {m.changes.map((c, i) => (
                    <Text key={i} size="sm" c="dimmed">
                      {changeText(c, t, names)}
                    </Text>
                  ))}
                </Box>
              ))}
            </Stack>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void go()} loading={apply.isPending} disabled={!run || run.count === 0}>
            {t('rules.applyButton', { count: run?.count ?? 0 })}
          </Button>
        </Group>
      </Stack>
    </LazyModal>
  );
}

function RuleCard({
  rule,
  index,
  total,
  ctx,
  readOnly,
  onEdit,
  onApply,
  onMove,
}: {
  rule: Rule;
  index: number;
  total: number;
  ctx: { accounts: Account[]; names: Map<string, string>; currency: string };
  /** A viewer's card: the rule in words and whether it is off, no switch or menu. */
  readOnly: boolean;
  onEdit: () => void;
  onApply: () => void;
  onMove: (by: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const { update, remove } = useRuleMutations();
  const [deleting, setDeleting] = useState(false);
  const locale = localeOf(i18n.language);
  const act = async (p: Promise<unknown>, ok?: string) => {
    try {
      await p;
      if (ok) notifyOk(ok);
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{rule.name}</Text>
            {rule.stop && (
              <Badge variant="default" size="sm">
                {t('rules.stops')}
              </Badge>
            )}
            {readOnly && !rule.enabled && (
              <Badge variant="default" size="sm">
                {t('rules.off')}
              </Badge>
            )}
          </Group>
          <Text size="sm">{describeConditions(rule, { t, locale, currency: ctx.currency, accounts: ctx.accounts })}</Text>
          <Text size="sm" c="dimmed">
            → {describeActions(rule, t, ctx.names)}
          </Text>
        </Stack>
        {!readOnly && (
          <Group gap="xs" wrap="nowrap">
            <Switch
              aria-label={`${t('rules.enabled')}: ${rule.name}`}
              checked={rule.enabled}
              onChange={(e) => void act(update.mutateAsync({ id: rule.id, enabled: e.currentTarget.checked }))}
            />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" aria-label={t('rules.actionsOf', { name: rule.name })}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={onEdit}>{t('common.edit')}</Menu.Item>
                <Menu.Item onClick={onApply}>{t('rules.apply')}</Menu.Item>
                <Menu.Item disabled={index === 0} onClick={() => onMove(-1)}>
                  {t('rules.moveUp')}
                </Menu.Item>
                <Menu.Item disabled={index === total - 1} onClick={() => onMove(1)}>
                  {t('rules.moveDown')}
                </Menu.Item>
                <Menu.Item color="red" onClick={() => setDeleting(true)}>
                  {t('common.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        )}
      </Group>
      <ConfirmDelete
        opened={deleting}
        question={t('rules.deleteAsk', { name: rule.name })}
        busy={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => void act(remove.mutateAsync(rule.id), t('rules.deleted'))}
      />
    </Paper>
  );
}

/** The rule a movement suggests: its description's key word, and its category (or the one the user just chose). */
function ruleFrom(description: string, categoryId: string | null): RuleDraft {
  const word = keyWord(description) || description;
  return {
    name: word,
    enabled: true,
    match: 'all',
    stop: false,
    conditions: [{ field: 'description', op: 'contains', text: word }],
    actions: { categoryId: categoryId ?? undefined, tags: [], description: null, notes: null },
  };
}

/** /categories/rules: the ledger's rules in order; ?from=<movement id>[&category=<id>] opens a new rule made from that movement. */
export default function RulesPage({ nav }: { nav?: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  // A viewer of the ledger reads the rules (each card says all it does) and creates, changes or applies none.
  const canWrite = useCanWrite();
  const { data: rules = [], isLoading } = useRules();
  const { data: accounts = [] } = useAccounts();
  const { data: categories = [] } = useCategories();
  const { data: me } = useMe();
  const { reorder } = useRuleMutations();
  const [params, setParams] = useSearchParams();
  const from = canWrite ? params.get('from') : null;
  const movement = useMovement(from).data;
  const [editing, setEditing] = useState<Rule | 'new' | null>(null);
  const [applying, setApplying] = useState<Rule | null>(null);
  const names = categoryNames(categories as Category[]);
  const currency = me?.baseCurrency ?? 'EUR';
  const closeForm = () => {
    setEditing(null);
    if (from) setParams({}, { replace: true });
  };
  const fromMovement = from && movement ? ruleFrom(movement.description, params.get('category') ?? movement.categoryId) : undefined;
  const formOpen = editing !== null || !!fromMovement;
  const move = (i: number, by: number) => {
    const ids = rules.map((r) => r.id);
    const j = i + by;
    const a = ids[i];
    const b = ids[j];
    if (a === undefined || b === undefined) return;
    ids[i] = b;
    ids[j] = a;
    reorder.mutate(ids, { onError: (e) => notifyError(errorMessage(t, e)) });
  };
  // Like the other tabs of Categories: the screen's title, the tabs, then this tab's heading.
  return (
    <Stack gap="md">
      <PageHeader title={t('categories.title')} note={<ReadOnlyNotice />} />
      {nav}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          {t('rules.title')}
        </Title>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('rules.add')}
          </Button>
        )}
      </Group>
      {!isLoading && rules.length === 0 ? (
        <EmptyState icon={IconWand} text={canWrite ? t('rules.emptyHint') : t('rules.emptyView')}>
          {canWrite && (
            <Title order={3} size="h4">
              {t('rules.empty')}
            </Title>
          )}
        </EmptyState>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('rules.intro')}
          </Text>
          {rules.map((r, i) => (
            <RuleCard
              key={r.id}
              rule={r}
              index={i}
              total={rules.length}
              ctx={{ accounts, names, currency }}
              readOnly={!canWrite}
              onEdit={() => setEditing(r)}
              onApply={() => setApplying(r)}
              onMove={(by) => move(i, by)}
            />
          ))}
        </Stack>
      )}
      <LazyModal opened={formOpen} onClose={closeForm} title={editing && editing !== 'new' ? t('rules.edit') : t('rules.add')} size="lg">
        {formOpen && (
          <Stack gap="xs">
            {fromMovement && movement && (
              <Text size="sm" c="dimmed">
                {t('rules.fromMovement', { description: movement.description })} · {formatMoney(movement.amount, movement.currency, localeOf(i18n.language))}
              </Text>
            )}
            <RuleForm
              key={editing && editing !== 'new' ? editing.id : (from ?? 'new')}
              rule={editing && editing !== 'new' ? editing : undefined}
              initial={editing === null ? fromMovement : undefined}
              accounts={accounts}
              categories={categories}
              currency={currency}
              onDone={closeForm}
            />
          </Stack>
        )}
      </LazyModal>
      {applying && <ApplyDialog rule={applying} names={names} onClose={() => setApplying(null)} />}
    </Stack>
  );
}
