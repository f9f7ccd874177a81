import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the user loads and while lazy screens load. */
export function FullScreenSpinner() {
  const { t } = useTranslation();
  return (
    <Center h="100dvh" role="status" aria-label={t('app.loading')} aria-live="polite">
      <Loader size="lg" />
    </Center>
  );
}

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Center mih={240} role="status" aria-label={t('app.loading')}>
      <Loader />
    </Center>
  );
}
