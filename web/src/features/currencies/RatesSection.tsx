import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Group, Menu, Select, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAccounts, useCanWrite, useCurrencies } from '@/shared/api/queries';
import { useLedgerCurrencies } from '@/shared/api/currencyBook';
import type { Rate, RateSource } from '@/shared/api/types';
import { dayFormatter } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { currencyName, formatRate } from '@/shared/money';
import { EmptyState } from '@/shared/ui/EmptyState';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useLedger, useRateMutations, useRates } from './api';
import { RateDialog } from './RateDialog';
import { LazyModal } from '@/shared/ui/LazyModal';
import { Card } from '@/shared/ui/Card';
import { Loaded } from '@/shared/ui/Loaded';

const PAGE = 50;

// The badges' colour is a dot beside text in the text's colour (Mantine's light
// orange and teal badges are below 4.5:1).
const sourceColor: Record<RateSource, string> = { manual: 'blue', csv: 'grape', ecb: 'teal', transfer: 'orange' };

/**
 * One currency's rates against the base, newest first: add, edit, delete.
 * The currency lives in the URL (?currency=USD) so that a warning about a
 * missing rate can link straight to it.
 */
export function RatesSection() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const day = dayFormatter(locale);
  // A viewer of the ledger picks a currency and reads its rates: no add, edit or delete.
  const canWrite = useCanWrite();
  const ledger = useLedger();
  const { data: accounts = [] } = useAccounts();
  const currencies = useCurrencies();
  const own = useLedgerCurrencies();
  const base = ledger.data?.baseCurrency ?? null;
  const [params, setParams] = useSearchParams();
  // The ledger's account currencies first (the ones that need rates, in the accounts' order), then every other one.
  const yours = [...new Set(accounts.map((a) => a.currency))].filter((c) => c !== base);
  const others = [...(own.data ?? []), ...(currencies.data ?? [])].map((c) => c.code).filter((c) => c !== base && !yours.includes(c));
  const asked = params.get('currency');
  const currency = asked && asked !== base ? asked : (yours[0] ?? null);
  const rates = useRates(base ? currency : null);
  const { remove } = useRateMutations();
  const [editing, setEditing] = useState<Rate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Rate | null>(null);
  const [shown, setShown] = useState(PAGE);
  const label = (c: string) => ({ value: c, label: `${c} · ${currencyName(c, locale)}` });

  const pick = (c: string | null) => {
    setShown(PAGE);
    setParams(c ? { currency: c } : {}, { replace: true });
  };
  const doDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notifyOk(t('rates.deleted'));
      setDeleting(null);
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  const items = rates.data ?? [];

  return (
    <Card title={t('rates.title')} hint={t('rates.hint')}>
      <Stack gap="sm">
        <Group align="flex-end" justify="space-between" wrap="wrap" gap="sm">
          <Select
            label={t('rates.currency')}
            value={currency}
            onChange={pick}
            data={[
              ...(yours.length ? [{ group: t('rates.yours'), items: yours.map(label) }] : []),
              ...(others.length ? [{ group: t('rates.others'), items: others.map(label) }] : []),
            ]}
            searchable
            allowDeselect={false}
            // The list opens inside the page's main landmark, not in a portal at the end of the body.
            comboboxProps={{ withinPortal: false }}
            w={320}
            maw="100%"
            disabled={!base}
          />
          {canWrite && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')} disabled={!base || !currency}>
              {t('rates.add')}
            </Button>
          )}
        </Group>
        {!base || !currency ? (
          <Text size="sm" c="dimmed">
            {t('rates.pick')}
          </Text>
        ) : (
          <Loaded query={rates} skeleton={120}>
            {() =>
              items.length === 0 ? (
                <EmptyState icon={IconArrowsExchange} text={canWrite ? t('rates.empty', { code: currency, base }) : t('rates.emptyView', { code: currency })} />
              ) : (
                <>
                  {/* A list rather than a table: a row fits a phone's width without scrolling sideways. */}
                  <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('rates.list', { code: currency })}>
                    {items.slice(0, shown).map((r) => (
                      <Stack key={r.id} component="li" gap={4} py={8} style={{ borderBottom: '1px solid var(--cc-border)' }}>
                        <Group justify="space-between" wrap="nowrap" gap="xs">
                          <Text size="sm" fw={600}>
                            {day(r.date)}
                          </Text>
                          <Group gap={4} wrap="nowrap">
                            <Text size="sm" className="cc-amount" ta="right">
                              {t('rates.oneUnit', { currency: r.currency, rate: formatRate(r.rate, locale), quote: r.quote })}
                            </Text>
                            {canWrite && (
                              <Menu position="bottom-end">
                                <Menu.Target>
                                  <ActionIcon variant="subtle" aria-label={`${t('common.actions')}: ${day(r.date)}`}>
                                    <IconDots size={18} />
                                  </ActionIcon>
                                </Menu.Target>
                                <Menu.Dropdown>
                                  <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(r)}>
                                    {t('common.edit')}
                                  </Menu.Item>
                                  <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(r)}>
                                    {t('common.delete')}
                                  </Menu.Item>
                                </Menu.Dropdown>
                              </Menu>
                            )}
                          </Group>
                        </Group>
                        <Group gap={6} wrap="wrap">
                          <Badge size="sm" variant="dot" color={sourceColor[r.source] ?? 'gray'}>
                            {t(`rates.sources.${r.source}`)}
                          </Badge>
                          {r.source === 'transfer' && (
                            <Anchor
                              component={Link}
                              to={`/movements?from=${r.date}&to=${r.date}&type=transfer`}
                              size="xs"
                              aria-label={t('rates.openTransferOf', { date: day(r.date) })}
                            >
                              {t('rates.openTransfer')}
                            </Anchor>
                          )}
                        </Group>
                      </Stack>
                    ))}
                  </Stack>
                  {items.length > shown && (
                    <Button variant="subtle" onClick={() => setShown((n) => n + PAGE)} style={{ alignSelf: 'center' }}>
                      {t('rates.showMore')}
                    </Button>
                  )}
                </>
              )
            }
          </Loaded>
        )}
      </Stack>
      {editing !== null && base && currency && (
        <RateDialog
          key={editing === 'new' ? 'new' : editing.id}
          currency={currency}
          quote={base}
          rate={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <LazyModal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('rates.deleteTitle', { date: deleting ? day(deleting.date) : '' })}>
        <Stack gap="md">
          {deleting && (
            <Text size="sm" fw={600}>
              {t('rates.oneUnit', { currency: deleting.currency, rate: formatRate(deleting.rate, locale), quote: deleting.quote })}
            </Text>
          )}
          <Text size="sm">{t('rates.deleteText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={() => void doDelete()} loading={remove.isPending}>
              {t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </LazyModal>
    </Card>
  );
}
