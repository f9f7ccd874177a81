import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A form's buttons at its end: Cancel (when there is somewhere to go back to) and the submit button (Save by default). */
export function FormActions({
  onCancel,
  busy,
  label,
  color,
  children,
}: {
  onCancel?: () => void;
  busy?: boolean;
  label?: string;
  color?: string;
  /** More actions, before the two (pushed to the start with mr="auto"). */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      {children}
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      )}
      <Button type="submit" loading={busy} color={color}>
        {label ?? t('common.save')}
      </Button>
    </Group>
  );
}
