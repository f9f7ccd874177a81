import { Badge } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMayWrite } from '../api/queries';

/** Beside a screen's title when the user only views the current ledger (its writes are hidden or disabled). */
export function ReadOnlyNotice() {
  const { t } = useTranslation();
  if (useMayWrite()) return null;
  return (
    <Badge variant="light" color="gray" size="lg" leftSection={<IconEye size={14} aria-hidden />} tt="none" fw={500} role="note">
      {t('ledgers.readOnly')}
    </Badge>
  );
}
