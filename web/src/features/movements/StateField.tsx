import { Group, Radio } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MovementState } from './filters';

/**
 * A movement's state in its form: uncleared or cleared, chosen here;
 * reconciled is shown (a reconciliation sets it) but cannot be chosen. Moving
 * a reconciled movement back to cleared or uncleared is a change the server
 * asks to confirm (the form's question for the code reconciled).
 */
export function StateField({ value, onChange, readOnly }: { value: MovementState; onChange: (s: MovementState) => void; readOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('movements.state')}
      description={value === 'reconciled' ? t('movements.reconciledHint') : undefined}
      value={value}
      onChange={(v) => onChange(v as MovementState)}
      readOnly={readOnly}
    >
      <Group gap="md" mt={4}>
        <Radio value="uncleared" label={t('movements.states.uncleared')} disabled={readOnly} />
        <Radio value="cleared" label={t('movements.states.cleared')} disabled={readOnly} />
        <Radio value="reconciled" label={t('movements.states.reconciled')} disabled={value !== 'reconciled' || readOnly} />
      </Group>
    </Radio.Group>
  );
}
