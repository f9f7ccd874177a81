import { useRef, useState } from 'react';
import { Alert, Badge, Box, Button, Collapse, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isProblem } from '@/shared/api/client';
import { switchLedger } from '@/shared/api/ledgers';
import { keys, useUser } from '@/shared/api/queries';
import { breakpoints } from '@/shared/constants';
import { dayFormatter } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { Amount } from '@/shared/ui/Amount';
import { CurrencySelect } from '@/shared/ui/CurrencySelect';
import { errorMessage, fieldErrors } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useNarrowerThan } from '@/shared/viewport';
import {
  commitLedgerImport,
  discardLedgerImport,
  ledgerImportError,
  previewLedger,
  suggestedName,
  type LedgerImport,
  type LedgerImportAccount,
  type LedgerImportSkip,
} from './ledgerImportApi';

/** The longest ledger name the server keeps. */
const NAME_MAX = 100;

/** The counts a preview shows besides the movements, when not zero. */
const countKeys = ['categories', 'subcategories', 'transfers', 'splits', 'tags', 'budgets', 'schedules', 'rules', 'attachments'] as const;

/** What a file holds, in numbers: the movements always, the rest when there is some. */
function Counts({ preview }: { preview: LedgerImport }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(localeOf(i18n.language));
  const shown = (['movements', ...countKeys] as const).filter((k) => k === 'movements' || preview[k] > 0);
  return (
    <SimpleGrid component="dl" cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs" verticalSpacing="xs" m={0}>
      {shown.map((k) => (
        // The label first for a screen reader (dt before dd), the number above it on screen.
        <Box
          key={k}
          p="xs"
          style={{ display: 'flex', flexDirection: 'column-reverse', border: '1px solid var(--cc-border)', borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Text component="dt" size="sm" c="dimmed">
            {t(`ledgerImport.counts.${k}`, { count: preview[k] })}
          </Text>
          <Text component="dd" m={0} fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {number.format(preview[k])}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

/** The accounts the new ledger gets, with the balance each ends with, in its currency (the server gives every account one). */
function Accounts({ accounts, base }: { accounts: LedgerImportAccount[]; base: string }) {
  const { t } = useTranslation();
  if (accounts.length === 0) return <Text size="sm">{t('ledgerImport.noAccounts')}</Text>;
  return (
    <Table.ScrollContainer minWidth={320} type="native">
      <Table verticalSpacing={6} horizontalSpacing="sm" aria-labelledby="ledger-import-accounts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ledgerImport.account')}</Table.Th>
            <Table.Th>{t('ledgerImport.currency')}</Table.Th>
            <Table.Th ta="right">{t('ledgerImport.balance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((a, i) => {
            const currency = a.currency || base;
            return (
              <Table.Tr key={`${i}-${a.name}`}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {a.name}
                  {a.archived && (
                    <Badge size="xs" variant="light" color="gray" ml={6} style={{ verticalAlign: 'middle' }}>
                      {t('ledgerImport.archived')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{currency}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Amount value={a.balance} currency={currency} kind={a.balance < 0 ? 'expense' : 'neutral'} size="sm" />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The rows left out: how many, and on request which, each by its line (when it has one) and what was wrong, in the user's language. */
function Skipped({ skipped, count }: { skipped: LedgerImportSkip[]; count: number }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const number = new Intl.NumberFormat(localeOf(i18n.language));
  const more = count - skipped.length;
  const english = i18n.language === 'en';
  return (
    // The text in the text's colour: Mantine's yellow on the alert's yellow is below 4.5:1.
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} p="sm" role="note">
      <Text size="sm" fw={600}>
        {t('ledgerImport.skipped', { count })}
      </Text>
      <Text size="sm">{t('ledgerImport.skippedHint')}</Text>
      {skipped.length > 0 && (
        <>
          <Button
            variant="transparent"
            c="var(--mantine-color-text)"
            size="compact-sm"
            mt={4}
            px={0}
            td="underline"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={open ? 'ledger-import-skipped' : undefined}
            rightSection={open ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
          >
            {open ? t('ledgerImport.hideSkipped') : t('ledgerImport.showSkipped')}
          </Button>
          <Collapse expanded={open} keepMounted={false}>
            <Box component="ul" id="ledger-import-skipped" m={0} mt={4} pl="md" mah={220} style={{ overflowY: 'auto' }}>
              {skipped.map((s, i) => {
                const what = t(`ledgerImport.skip.${s.code}`);
                return (
                  <Text component="li" size="sm" key={i} mb={2}>
                    {s.line > 0 ? t('ledgerImport.line', { line: number.format(s.line), what }) : what}
                    {/* The server's details are in English: shown to an English reader only; the others read the translated kind of problem. */}
                    {s.reason && english && (
                      <Text span size="xs" c="dimmed" lang="en" ml={6} style={{ overflowWrap: 'anywhere' }}>
                        ({s.reason})
                      </Text>
                    )}
                  </Text>
                );
              })}
              {more > 0 && (
                <Text component="li" size="sm">
                  {t('ledgerImport.more', { count: more })}
                </Text>
              )}
            </Box>
          </Collapse>
        </>
      )}
    </Alert>
  );
}

/**
 * The preview of an uploaded file, before it becomes a new ledger: where it
 * comes from, which of an export's ledgers, the new ledger's name and base
 * currency, its period, what it holds, its accounts and the rows left out.
 * Create makes the ledger once (a second click does nothing), makes it
 * current and opens its movements; Cancel (or closing) discards the file.
 */
export function LedgerImportDialog({ initial, onClose }: { initial: LedgerImport; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const phone = useNarrowerThan(breakpoints.tablet);
  const locale = localeOf(i18n.language);
  const [preview, setPreview] = useState(initial);
  const [name, setName] = useState(() => suggestedName(initial));
  const [currency, setCurrency] = useState(initial.baseCurrency || user.baseCurrency || 'EUR');
  // What the user typed or chose stays when another of the export's ledgers is previewed.
  const touched = useRef({ name: false, currency: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'commit' | 'ledger' | null>(null);
  // Set at the first click, before any render: a double click commits once.
  const committing = useRef(false);

  // Another of the export's ledgers, or another base currency, is previewed
  // again by the server: accounts the file gives no currency take the base,
  // and their balances may change with its decimals.
  const refresh = async (ledger: string, base: string) => {
    setBusy('ledger');
    setError(null);
    try {
      const p = await previewLedger(preview.id, ledger, base);
      setPreview(p);
      if (!touched.current.name) setName(suggestedName(p));
      if (!touched.current.currency) setCurrency(p.baseCurrency || user.baseCurrency || 'EUR');
    } catch (e) {
      setErrors(fieldErrors(t, e));
      setError(ledgerImportError(t, e));
    } finally {
      setBusy(null);
    }
  };
  const chooseLedger = (ledger: string) => {
    if (ledger !== preview.ledger) void refresh(ledger, touched.current.currency ? currency : '');
  };

  const commit = async () => {
    if (committing.current) return;
    if (!name.trim()) return setErrors({ name: t('fieldErrors.required') });
    committing.current = true;
    setBusy('commit');
    setErrors({});
    setError(null);
    try {
      const r = await commitLedgerImport(preview.id, { name: name.trim(), baseCurrency: currency, ledger: preview.ledger });
      notifyOk(t('ledgerImport.created', { name: r.name, count: r.movements }));
      try {
        await switchLedger(qc, r.ledgerId);
      } catch (e) {
        // The ledger is there: the switcher offers it.
        notifyError(errorMessage(t, e));
      }
      onClose();
      void navigate('/movements');
    } catch (e) {
      committing.current = false;
      setBusy(null);
      if (isProblem(e) && e.code === 'already_committed') {
        // Made already (another tab): the ledger is in the switcher; nothing was made twice.
        notifyError(ledgerImportError(t, e));
        void qc.invalidateQueries({ queryKey: keys.ledgers });
        onClose();
        return;
      }
      setErrors(fieldErrors(t, e));
      setError(ledgerImportError(t, e));
    }
  };

  const cancel = () => {
    if (busy === 'commit') return;
    void discardLedgerImport(preview.id).catch(() => undefined);
    onClose();
  };

  const day = dayFormatter(locale);
  // From the first movement to the last; a file of one day (or with one end only) says that day.
  const period =
    preview.from && preview.to && preview.from !== preview.to
      ? t('ledgerImport.period', { from: day(preview.from), to: day(preview.to) })
      : preview.from || preview.to
        ? t('ledgerImport.day', { day: day(preview.from || preview.to) })
        : '';

  return (
    <Modal opened onClose={cancel} title={t('ledgerImport.title')} size="xl" fullScreen={phone} closeOnClickOutside={false}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void commit();
        }}
      >
        <Stack gap="md">
          <Group gap="xs" wrap="wrap">
            <Text size="sm">{t('ledgerImport.from')}</Text>
            <Badge variant="light" size="lg" style={{ textTransform: 'none' }}>
              {t(`ledgerImport.sources.${preview.source}`)}
            </Badge>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {preview.fileName}
            </Text>
          </Group>
          {preview.ledgers.length > 1 && (
            <Select
              label={t('ledgerImport.ledger')}
              description={t('ledgerImport.ledgerHint')}
              value={preview.ledger}
              onChange={(v) => v && chooseLedger(v)}
              allowDeselect={false}
              disabled={busy !== null}
              data={preview.ledgers.map((l) => ({ value: l.id, label: t('ledgerImport.ledgerOption', { name: l.name, count: l.movements }) }))}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('ledgerImport.name')}
              value={name}
              onChange={(e) => {
                touched.current.name = true;
                setName(e.currentTarget.value);
              }}
              maxLength={NAME_MAX}
              error={errors.name}
              required
              data-autofocus
            />
            <CurrencySelect
              label={t('ledgerImport.baseCurrency')}
              description={t('ledgerImport.baseCurrencyHint')}
              // The hint under the field: both fields of the row start at the same height.
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={currency}
              onChange={(c) => {
                touched.current.currency = true;
                setCurrency(c);
                void refresh(preview.ledger, c);
              }}
              disabled={busy === 'commit'}
              error={errors.baseCurrency}
            />
          </SimpleGrid>
          <Stack gap="xs" aria-busy={busy === 'ledger'} style={{ opacity: busy === 'ledger' ? 0.6 : 1 }}>
            <Group justify="space-between" gap="xs">
              <Title order={3} size="h5">
                {t('ledgerImport.contents')}
              </Title>
              {period && (
                <Text size="sm" c="dimmed">
                  {period}
                </Text>
              )}
            </Group>
            <Counts preview={preview} />
            <Title order={3} size="h5" id="ledger-import-accounts" mt="xs">
              {t('ledgerImport.accounts', { count: preview.accounts.length })}
            </Title>
            <Accounts accounts={preview.accounts} base={preview.baseCurrency} />
          </Stack>
          {preview.skippedCount > 0 && <Skipped key={preview.ledger} skipped={preview.skipped} count={preview.skippedCount} />}
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert" p="sm">
              <Text size="sm">{error}</Text>
            </Alert>
          )}
          {/* Always in sight at the dialog's foot, however long the preview. */}
          <Group
            justify="flex-end"
            py="sm"
            mb="calc(-1 * var(--mantine-spacing-md))"
            style={{ position: 'sticky', bottom: 0, zIndex: 1, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--cc-border)' }}
          >
            <Button variant="default" onClick={cancel} disabled={busy === 'commit'}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy === 'commit'} disabled={busy === 'ledger'}>
              {t('ledgerImport.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
