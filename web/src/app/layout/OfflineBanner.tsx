import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/shared/offline/online';

/** Above every signed-in screen while the browser is offline: the data shown is the last loaded, changes wait, a new movement is kept and sent later. */
export function OfflineBanner() {
  const { t } = useTranslation();
  if (useOnline()) return null;
  return (
    <Alert
      role="status"
      color="orange"
      variant="light"
      radius="md"
      mb="sm"
      py="xs"
      icon={<IconCloudOff size={20} aria-hidden />}
      title={t('offline.banner')}
      // The light orange title on its orange tint is 3.5:1; the text colour is 4.5:1 and more in both themes.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      {t('offline.bannerHint')}
    </Alert>
  );
}
