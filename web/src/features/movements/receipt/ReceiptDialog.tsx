import { useEffect, useId, useState } from 'react';
import { Alert, Button, Group, Image, Loader, Modal, Progress, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { amountInput, exponentOf, parseAmount } from '@/shared/money';
import { readReceipt, toMinor, type ReceiptField, type ReceiptReading } from './parse';
import type { ReceiptValues } from './values';

type Phase = { at: 'loading' | 'reading'; progress: number } | { at: 'read'; seconds: number } | { at: 'failed'; offline: boolean };

/**
 * A receipt's photo beside what was read on it: the total, date, shop and
 * currency, each editable, the ones not read (or readable two ways) left
 * empty and said so. "Use in the form" hands the checked values to the
 * movement form.
 */
export default function ReceiptDialog({
  photo,
  currencies,
  accountCurrency,
  onClose,
  onUse,
}: {
  photo: File;
  currencies: string[];
  accountCurrency: string;
  onClose: () => void;
  onUse: (values: ReceiptValues) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const phone = useMediaQuery('(max-width: 36em)');
  // The photo as a data: URL (the Content-Security-Policy allows no blob: images).
  const [url, setUrl] = useState<string | undefined>();
  useEffect(() => {
    const reader = new FileReader();
    reader.onload = () => setUrl(typeof reader.result === 'string' ? reader.result : undefined);
    reader.readAsDataURL(photo);
    return () => reader.abort();
  }, [photo]);
  const [phase, setPhase] = useState<Phase>({ at: 'loading', progress: 0 });
  const [reading, setReading] = useState<ReceiptReading | null>(null);
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState('');
  const [shop, setShop] = useState('');
  const [currency, setCurrency] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | undefined>();
  const exp = exponentOf(currency ?? accountCurrency);
  const formId = useId();

  useEffect(() => {
    let live = true;
    const started = performance.now();
    void (async () => {
      try {
        const { recognize } = await import('./ocr');
        const text = await recognize(photo, (p) => live && setPhase({ at: p.stage, progress: p.progress }));
        if (!live) return;
        const r = readReceipt(text, { known: currencies, today: new Date().toISOString().slice(0, 10) });
        const c = r.currency;
        const minor = r.total ? toMinor(r.total, exponentOf(c ?? accountCurrency)) : null;
        setReading(r);
        setAmount(minor !== null ? amountInput(minor, exponentOf(c ?? accountCurrency), lang) : '');
        setDate(r.date ?? '');
        setShop(r.shop ?? '');
        setCurrency(c);
        setPhase({ at: 'read', seconds: (performance.now() - started) / 1000 });
      } catch {
        if (live) setPhase({ at: 'failed', offline: !navigator.onLine });
      }
    })();
    return () => {
      live = false;
    };
    // The photo is read once, when the dialog opens (its key is the photo).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const unclear = (f: ReceiptField) => (reading?.unclear.includes(f) ? t('receipt.check') : undefined);
  const busy = phase.at === 'loading' || phase.at === 'reading';
  const choices = [...new Set([...currencies, ...(reading?.currency ? [reading.currency] : [])])];

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // The dialog is inside the movement form in React's tree (a portal): its submit must not submit that form too.
    e.stopPropagation();
    let minor: number | null = null;
    if (amount.trim()) {
      minor = parseAmount(amount, lang, exp);
      if (minor === null || minor <= 0) {
        setAmountError(t('fieldErrors.invalid'));
        return;
      }
    }
    onUse({ amount: minor, date: date || null, shop: shop.trim() || null, currency });
  };

  return (
    <Modal opened onClose={onClose} title={t('receipt.title')} size="xl" fullScreen={phone}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {url ? <Image src={url} alt={t('receipt.photoAlt')} fit="contain" mah={phone ? 260 : '65vh'} radius="sm" /> : <div />}
        <form id={formId} onSubmit={submit} noValidate aria-busy={busy}>
          <Stack gap="sm">
            {busy && (
              <Stack gap={6} role="status">
                <Group gap="xs">
                  <Loader size="xs" />
                  <Text size="sm">{phase.at === 'reading' ? t('receipt.reading', { percent: Math.round(phase.progress * 100) }) : t('receipt.loading')}</Text>
                </Group>
                <Progress value={phase.at === 'reading' ? phase.progress * 100 : 0} aria-hidden animated />
              </Stack>
            )}
            {phase.at === 'read' && (
              <Text size="xs" c="dimmed" role="status">
                {t('receipt.readIn', { seconds: phase.seconds.toLocaleString(lang, { maximumFractionDigits: 1 }) })}
              </Text>
            )}
            {phase.at === 'failed' && (
              <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
                {phase.offline ? t('receipt.offline') : t('receipt.failed')}
              </Alert>
            )}
            <TextInput
              label={t('receipt.total')}
              value={amount}
              onChange={(e) => {
                setAmount(e.currentTarget.value);
                setAmountError(undefined);
              }}
              inputMode="decimal"
              disabled={busy}
              description={unclear('total')}
              error={amountError}
              rightSection={
                <Text size="xs" c="dimmed">
                  {currency ?? accountCurrency}
                </Text>
              }
            />
            {reading?.unclear.includes('total') && reading.totalCandidates.length > 0 && (
              <Group gap={6} role="group" aria-label={t('receipt.pick')}>
                {reading.totalCandidates.map((c) => {
                  const minor = toMinor(c, exp);
                  if (minor === null) return null;
                  const shown = amountInput(minor, exp, lang);
                  return (
                    <Button key={c} size="compact-xs" variant="default" aria-label={t('receipt.pickOne', { amount: shown })} onClick={() => setAmount(shown)}>
                      {shown}
                    </Button>
                  );
                })}
              </Group>
            )}
            <TextInput
              label={t('receipt.date')}
              type="date"
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              disabled={busy}
              description={unclear('date')}
            />
            <TextInput
              label={t('receipt.shop')}
              value={shop}
              onChange={(e) => setShop(e.currentTarget.value)}
              maxLength={200}
              disabled={busy}
              description={unclear('shop')}
            />
            <Select
              label={t('receipt.currency')}
              data={choices}
              value={currency}
              onChange={setCurrency}
              clearable
              placeholder={t('receipt.currencyNone')}
              disabled={busy}
              description={unclear('currency')}
              comboboxProps={{ withinPortal: true }}
            />
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={onClose}>
                {t('receipt.cancel')}
              </Button>
              <Button type="submit" disabled={busy}>
                {t('receipt.use')}
              </Button>
            </Group>
          </Stack>
        </form>
      </SimpleGrid>
    </Modal>
  );
}
