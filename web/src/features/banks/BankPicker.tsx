import { useMemo, useState } from 'react';
import { Alert, Avatar, Button, Group, Loader, ScrollArea, Select, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconBuildingBank, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '@/shared/i18n';
import { errorMessage } from '@/shared/ui/problems';
import { useInstitutions, useStartBank, type BankConnection } from './api';
import { browser } from './browser';
import classes from './BankPicker.module.css';

/** The countries Enable Banking reaches (the EEA and the United Kingdom). */
const countries = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

/** The country a user of this language most likely banks in, to start with. */
const byLanguage: Record<string, string> = { es: 'ES', fr: 'FR', en: 'GB' };

/**
 * Enable Banking's bank choice: a country, then one of its banks (with their
 * logos, searchable); choosing one asks the server for the bank's page and the
 * browser goes there. The bank sends it back to /config/banks.
 */
export function BankPicker({ connection, onCancel }: { connection: BankConnection; onCancel?: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [country, setCountry] = useState<string | null>(connection.country || byLanguage[i18n.language.slice(0, 2)] || null);
  const [search, setSearch] = useState('');
  const banks = useInstitutions(connection.id, country);
  const start = useStartBank();
  const names = useMemo(() => {
    const d = new Intl.DisplayNames([locale], { type: 'region' });
    return countries.map((c) => ({ value: c, label: d.of(c) ?? c })).sort((a, b) => a.label.localeCompare(b.label, locale));
  }, [locale]);
  const countryName = names.find((n) => n.value === country)?.label ?? country ?? '';
  const q = search.trim().toLocaleLowerCase(locale);
  const shown = (banks.data ?? []).filter((b) => !q || b.name.toLocaleLowerCase(locale).includes(q));

  const go = async (institution: string) => {
    if (!country) return;
    try {
      const { url } = await start.mutateAsync({ id: connection.id, institution, country });
      browser.go(url);
    } catch {
      // said below
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm" fw={500}>
        {t('banks.chooseBank')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('banks.chooseBankHint')}
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('banks.country')}
          data={names}
          value={country}
          onChange={setCountry}
          searchable
          allowDeselect={false}
          w={220}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('banks.bankSearch')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: '1 1 200px' }}
        />
      </Group>
      {banks.isLoading && country && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('banks.loadingBanks')}</Text>
        </Group>
      )}
      {banks.error && (
        <Alert color="red" role="alert">
          {errorMessage(t, banks.error)}
        </Alert>
      )}
      {banks.data && (
        <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('banks.noBanks')}
            </Text>
          ) : (
            <ul className={classes.list} aria-label={t('banks.banksOf', { country: countryName })}>
              {shown.map((b) => (
                <li key={b.name}>
                  <UnstyledButton
                    className={classes.bank}
                    onClick={() => void go(b.name)}
                    disabled={start.isPending}
                    aria-label={t('banks.goToBank', { bank: b.name })}
                  >
                    <Avatar src={b.logo || null} alt="" size={32} radius="sm" color="blue" imageProps={{ loading: 'lazy' }}>
                      <IconBuildingBank size={18} aria-hidden />
                    </Avatar>
                    <Text size="sm">{b.name}</Text>
                  </UnstyledButton>
                </li>
              ))}
            </ul>
          )}
        </ScrollArea.Autosize>
      )}
      {start.error && (
        <Alert color="red" role="alert">
          {errorMessage(t, start.error)}
        </Alert>
      )}
      {onCancel && (
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('banks.cancel')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
