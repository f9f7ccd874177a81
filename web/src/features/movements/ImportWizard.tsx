import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useNarrowerThan } from '@/shared/viewport';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  NumberInput,
  Progress,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertCircle, IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAccounts, useInvalidateLedger } from '@/shared/api/queries';
import { breakpoints } from '@/shared/constants';
import { localeOf } from '@/shared/i18n';
import { formatMoney } from '@/shared/money';
import { errorMessage } from '@/shared/ui/problems';
import { notifyOk } from '@/shared/ui/notify';
import { isProblem } from '@/shared/api/client';
import StatementBalanceNote from './StatementBalanceNote';
import { commitImport, discardImport, previewImport, uploadFile, type CSVOptions, type ImportPreview } from './importApi';

/** Rows past which a commit goes in parts on SQLite (the store's streamBatchRows): readers of the
 * ledger see its movements arrive while it commits (docs/PERFORMANCE.md, "Long writes in slices"). */
const LARGE_IMPORT_ROWS = 4096;

/** The server's statement.DateLayouts, in its order. */
const dateFormats = [
  '2006-01-02',
  '02/01/2006',
  '01/02/2006',
  '02.01.2006',
  '02-01-2006',
  '2006/01/02',
  '02/01/06',
  '01/02/06',
  '2006-01-02 15:04:05',
  '2006-01-02 15:04',
  '2006-01-02T15:04:05',
  '02/01/2006 15:04:05',
  '02/01/2006 15:04',
  '02.01.2006 15:04:05',
  '02.01.2006 15:04',
  '20060102',
  '2006.01.02',
  '02.01.06',
  '2-Jan-06',
  '2-Jan-2006',
  '2 Jan 2006',
  '2 Jan 06',
  'Jan 2, 2006',
];
const layoutTokens: Record<string, string> = { '2006': 'YYYY', '06': 'YY', '01': 'MM', '02': 'DD', '2': 'D', '15': 'hh', '04': 'mm', '05': 'ss' };
/** The server's date layouts (Go reference date) as people write them: 02/01/2006 15:04 → DD/MM/YYYY hh:mm; month: the word for a month's name. */
const layoutLabel = (layout: string, month = 'Mon') => layout.replace(/2006|Jan|15|0[1-6]|2/g, (tok) => (tok === 'Jan' ? month : (layoutTokens[tok] ?? tok)));
const columnKeys = ['date', 'amount', 'debit', 'credit', 'description', 'notes', 'category'] as const;
/** A QIF file's date layouts (one-digit forms) as people write them: 2/1/2006 → DD/MM/YYYY. */
const qifLayoutLabel = (layout: string) => layout.replace('2006', 'YYYY').replace('06', 'YY').replace('1', 'MM').replace('2', 'DD');
/** The options a QIF file is previewed and imported with: only its date layout is read. */
const qifOptions = (dateFormat: string): CSVOptions => ({
  delimiter: ',',
  hasHeader: false,
  dateFormat,
  decimalSeparator: '.',
  date: -1,
  amount: -1,
  debit: -1,
  credit: -1,
  description: -1,
  notes: -1,
  category: -1,
  invertSign: false,
  skipLines: 0,
});

/** Upload → map columns and check the preview → import, all in one transaction. */
/** What the rules did to a row, by rule: "Mercadona (Category, Tags)". */
function ruleChanges(changes: { ruleName: string; field: string }[], t: TFunction): string {
  const byRule = new Map<string, string[]>();
  for (const c of changes) byRule.set(c.ruleName, [...(byRule.get(c.ruleName) ?? []), t(`rules.change.${c.field}`)]);
  return [...byRule].map(([name, fields]) => `${name} (${fields.join(', ')})`).join('; ');
}

export default function ImportWizard({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { data: accounts = [] } = useAccounts();
  const invalidate = useInvalidateLedger();
  const [file, setFile] = useState<File | null>(null);
  const [accountId, setAccountId] = useState<string | null>(accounts.find((a) => !a.archived)?.id ?? null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [options, setOptions] = useState<CSVOptions | null>(null);
  /** A QIF file's date layout, once the user chose one its dates allow. */
  const [qifDate, setQifDate] = useState<string | null>(null);
  const [skipBad, setSkipBad] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const phone = useNarrowerThan(breakpoints.tablet);

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(errorMessage(t, e));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };
  const upload = () =>
    run(async () => {
      if (!file || !accountId) return;
      setProgress(0);
      const p = await uploadFile(file, accountId, setProgress);
      setPreview(p);
      setOptions(p.options);
    });
  const refresh = (o: CSVOptions) => {
    setOptions(o);
    if (preview && accountId) void run(async () => setPreview(await previewImport(preview.id, accountId, o)));
  };
  const chooseQifDate = (layout: string) => {
    setQifDate(layout);
    if (preview && accountId) void run(async () => setPreview(await previewImport(preview.id, accountId, qifOptions(layout))));
  };
  /** Dates that read both ways, until the user says which is the day. */
  const dateUnsaid = !!preview && preview.dateChoices.length > 0 && qifDate === null;
  const commit = () =>
    run(async () => {
      if (!preview || !accountId) return;
      setProgress(-1);
      try {
        const r = await commitImport(preview.id, accountId, qifDate ? qifOptions(qifDate) : options, skipBad);
        notifyOk(t('import.done', { created: r.created, duplicates: r.duplicates }));
      } catch (e) {
        // Committed already (a second click, another tab): nothing was added
        // twice, and the file is in; say so instead of an error.
        if (!isProblem(e) || e.code !== 'already_committed') throw e;
        notifyOk(t('import.alreadyDone'));
      }
      await invalidate();
      onClose();
    });

  /** Closing without importing discards the upload on the server. */
  const cancel = () => {
    if (preview) void discardImport(preview.id).catch(() => undefined);
    onClose();
  };

  /** The columns to choose from: the header's names, else the first row's cells. */
  const columnChoices = () => [
    { value: '-1', label: t('import.noColumn') },
    ...(preview?.header.length ? preview.header : (preview?.sample[0] ?? [])).map((h, i) => ({ value: String(i), label: h || `#${i + 1}` })),
  ];

  const col = (key: (typeof columnKeys)[number]) =>
    options && (
      <Select
        key={key}
        label={t(`import.${key}Column`)}
        value={String(options[key])}
        allowDeselect={false}
        data={[
          { value: '-1', label: t('import.noColumn') },
          ...(preview?.header.length ? preview.header : (preview?.sample[0] ?? [])).map((h, i) => ({ value: String(i), label: h || `#${i + 1}` })),
        ]}
        onChange={(v) => refresh({ ...options, [key]: Number(v ?? -1) })}
      />
    );

  return (
    <Modal opened onClose={cancel} title={t('import.title')} size="xl" fullScreen={phone}>
      <Stack gap="sm">
        {error && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {error}
          </Alert>
        )}
        {!preview ? (
          <>
            <FileInput
              label={t('import.file')}
              accept=".csv,.txt,.xlsx,.xls,.ofx,.qfx,.qif,.xml,.camt,.053,.052,.054,.sta,.mt940,.940,.942,.n43,.aeb,.csb,.q43,.43"
              value={file}
              onChange={setFile}
              leftSection={<IconFileUpload size={18} />}
              clearable
            />
            <Select
              label={t('import.account')}
              value={accountId}
              onChange={setAccountId}
              allowDeselect={false}
              data={accounts.filter((a) => !a.archived).map((a) => ({ value: a.id, label: `${a.name} (${a.currency})` }))}
            />
            {progress !== null && <Progress value={progress * 100} aria-label={t('import.upload')} animated />}
            <Group justify="flex-end">
              <Button variant="default" onClick={cancel}>
                {t('common.cancel')}
              </Button>
              <Button onClick={() => void upload()} disabled={!file || !accountId} loading={busy}>
                {t('import.upload')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            {options && (
              <>
                <Text fw={600}>{t('import.columns')}</Text>
                <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                  {columnKeys.map(col)}
                  <Select
                    label={t('import.dateFormat')}
                    value={options.dateFormat}
                    data={dateFormats.map((f) => ({ value: f, label: layoutLabel(f, t('import.layoutMonth')) }))}
                    allowDeselect={false}
                    onChange={(v) => v && refresh({ ...options, dateFormat: v })}
                  />
                  <Select
                    label={t('import.decimalSeparator')}
                    value={options.decimalSeparator}
                    data={[',', '.']}
                    allowDeselect={false}
                    onChange={(v) => v && refresh({ ...options, decimalSeparator: v })}
                  />
                  <Select
                    label={t('import.signColumn')}
                    description={t('import.signColumnHint')}
                    value={String(options.signColumn ?? -1)}
                    allowDeselect={false}
                    data={columnChoices()}
                    onChange={(v) => refresh({ ...options, signColumn: Number(v ?? -1) })}
                  />
                  <NumberInput
                    label={t('import.skipLines')}
                    description={t('import.skipLinesHint')}
                    value={options.skipLines ?? 0}
                    min={0}
                    max={1000}
                    allowDecimal={false}
                    allowNegative={false}
                    onBlur={(e) => {
                      const n = Math.max(0, Math.trunc(Number(e.currentTarget.value) || 0));
                      if (n !== (options.skipLines ?? 0)) refresh({ ...options, skipLines: n });
                    }}
                  />
                  {preview.sheets && preview.sheets.length > 1 && (
                    <Select
                      label={t('import.sheet')}
                      value={options.sheet ?? preview.sheets[0]}
                      allowDeselect={false}
                      data={preview.sheets}
                      onChange={(v) => v && refresh({ ...options, sheet: v, skipLines: 0, date: -1, amount: -1, debit: -1, credit: -1, signColumn: -1 })}
                    />
                  )}
                </SimpleGrid>
                <Checkbox
                  label={t('import.invertSign')}
                  checked={options.invertSign}
                  onChange={(e) => refresh({ ...options, invertSign: e.currentTarget.checked })}
                />
              </>
            )}
            {preview.missing.length > 0 && (
              <Alert color="yellow" icon={<IconAlertCircle />} title={t('import.missingTitle')}>
                {t('import.missingHint')}
              </Alert>
            )}
            {preview.dateChoices.length > 0 && (
              <Alert color={dateUnsaid ? 'yellow' : 'blue'} title={t('import.dateAmbiguous')}>
                <Stack gap="xs">
                  <Text size="sm">{t('import.dateAmbiguousHint')}</Text>
                  <Select
                    label={t('import.dateFormat')}
                    placeholder={t('import.dateChoose')}
                    value={qifDate}
                    data={preview.dateChoices.map((f) => ({ value: f, label: qifLayoutLabel(f) }))}
                    allowDeselect={false}
                    onChange={(v) => v && chooseQifDate(v)}
                  />
                </Stack>
              </Alert>
            )}
            {preview.skipped.length > 0 && (
              <Alert color="gray" title={t('import.skippedTitle')}>
                <Stack gap={2}>
                  {preview.skipped.map((s) => (
                    <Text key={s.kind} size="sm">
                      {t(`import.skipped.${s.kind}`, { count: s.count })}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
            {preview.statementBalance && <StatementBalanceNote balance={preview.statementBalance} currency={preview.currency} />}
            <Group gap="xs">
              <Badge variant="light">{t('import.rows', { count: preview.total })}</Badge>
              {preview.invalid > 0 && (
                <Badge color="red" variant="light">
                  {t('import.errors', { count: preview.invalid })}
                </Badge>
              )}
              {preview.duplicates > 0 && (
                <Badge color="gray" variant="light">
                  {t('import.duplicates', { count: preview.duplicates })}
                </Badge>
              )}
            </Group>
            {preview.errors.length > 0 && (
              <Alert color="red" title={t('import.errors', { count: preview.invalid })}>
                <Stack gap={2}>
                  {preview.errors.slice(0, 8).map((e) => (
                    <Text key={`${e.line}-${e.field}`} size="sm">
                      {t('import.rowError', {
                        line: e.line,
                        field: t(`import.${e.field}Column`, { defaultValue: e.field }),
                        problem: t(`fieldErrors.${e.code}`),
                      })}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
            {preview.newCategories.length > 0 && (
              <Text size="sm">{t('import.newCategories', { names: preview.newCategories.map((c) => c.name).join(', ') })}</Text>
            )}
            <Text fw={600}>{t('import.preview')}</Text>
            <ScrollArea h={260}>
              <Table striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('movements.date')}</Table.Th>
                    <Table.Th>{t('movements.description')}</Table.Th>
                    <Table.Th>{t('movements.category')}</Table.Th>
                    <Table.Th ta="right">{t('movements.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((r) => (
                    <Table.Tr key={r.line} style={{ opacity: r.duplicate ? 0.45 : 1 }}>
                      <Table.Td>{r.date}</Table.Td>
                      <Table.Td>
                        {r.description}
                        {r.rules && r.rules.length > 0 && (
                          <Text size="xs" c="dimmed">
                            {t('import.byRules', { names: ruleChanges(r.rules, t) })}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {r.category}
                        {r.suggested && (
                          <Text span size="xs" c="dimmed" ml={6}>
                            {t('import.suggested')}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right" className={`cc-amount ${r.amount < 0 ? 'cc-expense' : 'cc-earning'}`}>
                        {formatMoney(r.amount, preview.currency, locale, { signed: true })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            {preview.invalid > 0 && <Checkbox label={t('import.skipBad')} checked={skipBad} onChange={(e) => setSkipBad(e.currentTarget.checked)} />}
            {progress !== null && <Progress value={100} animated aria-label={t('import.importing')} />}
            {progress !== null && preview.valid > LARGE_IMPORT_ROWS && (
              <Text size="sm" c="dimmed" role="status">
                {t('import.inParts')}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={cancel}>
                {t('common.cancel')}
              </Button>
              <Button onClick={() => void commit()} loading={busy} disabled={preview.valid === 0 || (preview.invalid > 0 && !skipBad) || dateUnsaid}>
                {t('import.commit')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
