import { useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '@/shared/api/queries';
import { useLedgerCurrencies } from '@/shared/api/currencyBook';
import type { CurrencyUnit } from '@/shared/money';
import { errorMessage, fieldErrors } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useCustomCurrencyMutations } from './api';
import { LazyModal } from '@/shared/ui/LazyModal';
import { Card } from '@/shared/ui/Card';

const CODE = /^[A-Z0-9]{2,10}$/;

/** The ledger's own currencies (a cryptocurrency, loyalty points): usable for accounts, rates and the base like any other. */
export function CustomCurrenciesSection() {
  const { t } = useTranslation();
  const { data: units = [] } = useLedgerCurrencies();
  // A viewer of the ledger sees its own currencies, and adds or deletes none.
  const canWrite = useCanWrite();
  const { remove } = useCustomCurrencyMutations();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<CurrencyUnit | null>(null);

  const del = async (u: CurrencyUnit) => {
    try {
      await remove.mutateAsync(u.code);
      notifyOk(t('rates.ownDeleted', { code: u.code }));
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
    setDeleting(null);
  };

  return (
    <Card
      title={t('rates.ownTitle')}
      titleId="own-currencies-title"
      hint={t('rates.ownHint')}
      action={
        canWrite && (
          <Button variant="default" size="sm" leftSection={<IconPlus size={18} />} onClick={() => setAdding(true)}>
            {t('rates.ownAdd')}
          </Button>
        )
      }
    >
      <Stack gap="sm">
        {units.length === 0 && !canWrite && (
          <Text size="sm" c="dimmed">
            {t('rates.ownNone')}
          </Text>
        )}
        {units.length > 0 && (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="own-currencies-title">
            {units.map((u) => (
              <Group key={u.code} component="li" justify="space-between" wrap="nowrap" py={6} style={{ borderBottom: '1px solid var(--cc-border)' }}>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {u.code} · {u.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('rates.ownDetails', { symbol: u.symbol || u.code, count: u.decimals })}
                  </Text>
                </div>
                {canWrite && (
                  <ActionIcon variant="subtle" color="red" aria-label={`${t('common.delete')}: ${u.code}`} onClick={() => setDeleting(u)}>
                    <IconTrash size={18} />
                  </ActionIcon>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      {adding && <CustomCurrencyDialog onClose={() => setAdding(false)} />}
      <LazyModal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('rates.ownDeleteTitle', { code: deleting?.code ?? '' })}>
        <Stack gap="md">
          <Text size="sm">{t('rates.ownDeleteText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={() => deleting && void del(deleting)} loading={remove.isPending}>
              {t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </LazyModal>
    </Card>
  );
}

function CustomCurrencyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { create } = useCustomCurrencyMutations();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [symbol, setSymbol] = useState('');
  const [decimals, setDecimals] = useState<number | string>(2);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const c = code.trim().toUpperCase();
    const errs: Record<string, string> = {};
    if (!c) errs.code = t('fieldErrors.required');
    else if (!CODE.test(c)) errs.code = t('rates.ownCodeInvalid');
    if (!name.trim()) errs.name = t('fieldErrors.required');
    const d = typeof decimals === 'number' ? decimals : Number.NaN;
    if (!Number.isInteger(d) || d < 0 || d > 8) errs.decimals = t('fieldErrors.out_of_range');
    setErrors(errs);
    if (Object.keys(errs).length) return;
    try {
      await create.mutateAsync({ code: c, name: name.trim(), symbol: symbol.trim(), decimals: d });
      notifyOk(t('common.saved'));
      onClose();
    } catch (err) {
      const byField = fieldErrors(t, err);
      setErrors(byField);
      if (Object.keys(byField).length === 0) notifyError(errorMessage(t, err));
    }
  };

  return (
    <LazyModal opened onClose={onClose} title={t('rates.ownAdd')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('rates.ownCode')}
            description={t('rates.ownCodeHint')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
            error={errors.code}
            maxLength={10}
            required
            data-autofocus
          />
          <TextInput label={t('accounts.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} maxLength={40} required />
          <TextInput label={t('rates.ownSymbol')} value={symbol} onChange={(e) => setSymbol(e.currentTarget.value)} error={errors.symbol} maxLength={8} />
          <NumberInput
            label={t('rates.ownDecimals')}
            value={decimals}
            onChange={setDecimals}
            min={0}
            max={8}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            error={errors.decimals}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </LazyModal>
  );
}
