import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BaseCurrencySection } from '@/features/currencies/BaseCurrencySection';
import { CustomCurrenciesSection } from '@/features/currencies/CustomCurrenciesSection';
import { RateSourcesSection } from '@/features/currencies/RateSourcesSection';
import { RatesSection } from '@/features/currencies/RatesSection';
import { PageHeader } from '@/shared/ui/PageHeader';
import { ConfigNav } from './ConfigNav';

/** /config/currencies: the ledger's base currency and the exchange rates. */
export default function CurrenciesRoute() {
  const { t } = useTranslation();
  return (
    <Stack maw={760} gap="md">
      <PageHeader title={t('config.title')} />
      <ConfigNav />
      <BaseCurrencySection />
      <RatesSection />
      <RateSourcesSection />
      <CustomCurrenciesSection />
    </Stack>
  );
}
