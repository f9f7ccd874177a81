import { useState } from 'react';
import { Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCanWrite, useCurrencies } from '@/shared/api/queries';
import { useLedgerCurrencies } from '@/shared/api/currencyBook';
import { localeOf } from '@/shared/i18n';
import { currencyName } from '@/shared/money';
import { ReadOnlyNotice } from '@/shared/ui/ReadOnlyNotice';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useLedger, useSetBaseCurrency } from './api';
import { LazyModal } from '@/shared/ui/LazyModal';
import { Card } from '@/shared/ui/Card';

/**
 * The ledger's base currency: every converted figure is in it. Changing it asks first.
 * The first section of Configuration → Currencies: a viewer of the ledger is told here that the screen is read only.
 */
export function BaseCurrencySection() {
  const { t, i18n } = useTranslation();
  // A viewer sees the base currency and cannot change it.
  const canWrite = useCanWrite();
  const locale = localeOf(i18n.language);
  const ledger = useLedger();
  const currencies = useCurrencies();
  const own = useLedgerCurrencies();
  const change = useSetBaseCurrency();
  const [asked, setAsked] = useState<string | null>(null);
  const base = ledger.data?.baseCurrency ?? null;
  const codes = [...(currencies.data ?? []), ...(own.data ?? [])].map((c) => c.code);
  if (base && !codes.includes(base)) codes.unshift(base);

  const confirm = async () => {
    if (!asked) return;
    try {
      const l = await change.mutateAsync(asked);
      notifyOk(t('rates.changed', { code: l.baseCurrency }));
      setAsked(null);
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };

  return (
    <Card title={t('rates.baseTitle')} badge={<ReadOnlyNotice />} hint={t('rates.baseHint')}>
      <Stack gap="sm">
        {ledger.isError ? (
          <Text size="sm" c="red" role="alert">
            {errorMessage(t, ledger.error)}
          </Text>
        ) : base === null ? (
          <Skeleton h={36} maw={360} />
        ) : !canWrite ? (
          <div>
            <Text size="sm" fw={500}>
              {t('rates.baseLabel')}
            </Text>
            <Text fw={600}>
              {base} · {currencyName(base, locale)}
            </Text>
          </div>
        ) : (
          <Select
            label={t('rates.baseLabel')}
            value={base}
            onChange={(v) => v && v !== base && setAsked(v)}
            data={codes.map((c) => ({ value: c, label: `${c} · ${currencyName(c, locale)}` }))}
            searchable
            allowDeselect={false}
            // The list opens inside the page's main landmark, not in a portal at the end of the body.
            comboboxProps={{ withinPortal: false }}
            maw={360}
          />
        )}
      </Stack>
      <LazyModal opened={asked !== null} onClose={() => setAsked(null)} title={t('rates.changeTitle', { code: asked ?? '' })}>
        <Stack gap="md">
          <Text size="sm">{t('rates.changeText', { code: asked ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsked(null)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void confirm()} loading={change.isPending} data-autofocus>
              {t('rates.changeConfirm', { code: asked ?? '' })}
            </Button>
          </Group>
        </Stack>
      </LazyModal>
    </Card>
  );
}
