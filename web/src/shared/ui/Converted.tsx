import { Alert, Anchor, SegmentedControl, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Movement } from '../api/types';
import { localeOf } from '../i18n';
import { currencyList, formatMoney } from '../money';
import { useUI } from '../ui-state';

// Totals in the ledger's base currency ("converted", the default) or one
// section per currency: the choice is one for every screen (ui-state), and
// these pieces show it the same way everywhere.

/**
 * Whether a screen shows its converted figures: when the reply has them
 * (converted) and the person has not asked for the per-currency sections.
 */
export function useShowConverted(converted: unknown): boolean {
  const { totalsView } = useUI();
  return converted !== undefined && converted !== null && totalsView === 'converted';
}

/**
 * "In EUR" / "By currency". Shown only when there is something to choose:
 * a converted figure, and some account in another currency than the base.
 * withLabel puts its name above it, as the filters around it have.
 */
export function TotalsToggle({ base, currencies, withLabel = false }: { base: string | undefined; currencies: readonly string[]; withLabel?: boolean }) {
  const { t } = useTranslation();
  const { totalsView, setTotalsView } = useUI();
  const id = useId();
  if (!base || currencies.every((c) => c === base)) return null;
  const control = (
    <SegmentedControl
      size={withLabel ? 'sm' : 'xs'}
      {...(withLabel ? { 'aria-labelledby': id } : { 'aria-label': t('currency.view') })}
      value={totalsView}
      onChange={(v) => setTotalsView(v === 'byCurrency' ? 'byCurrency' : 'converted')}
      data={[
        { value: 'converted', label: t('currency.inBase', { code: base }) },
        { value: 'byCurrency', label: t('currency.byCurrency') },
      ]}
    />
  );
  if (!withLabel) return control;
  return (
    <div>
      <Text size="sm" fw={500} mb={2} id={id}>
        {t('currency.view')}
      </Text>
      {control}
    </div>
  );
}

/** Which currencies lack a rate, so that their movements are left out of the converted figure; a link to add rates. */
export function IncompleteWarning({ base, currencies }: { base: string; currencies: readonly string[] | undefined }) {
  const { t, i18n } = useTranslation();
  if (!currencies || currencies.length === 0) return null;
  return (
    // The title and the link in the text's colour: Mantine's yellow and blue
    // on the alert's yellow are below 4.5:1 in both schemes.
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={t('currency.incompleteTitle')}
      role="status"
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm">{t('currency.incomplete', { codes: currencyList(currencies, localeOf(i18n.language)), base })}</Text>
      <Anchor component={Link} to={`/config/currencies?currency=${encodeURIComponent(currencies[0]!)}`} size="sm" fw={600} c="inherit" underline="always">
        {t('currency.addRates')}
      </Anchor>
    </Alert>
  );
}

/** What a movement's amount shows: an expense negative, an earning positive, a transfer as it is. */
export function shownAmount(m: Pick<Movement, 'type'>, amount: number): number {
  return m.type === 'expense' ? -Math.abs(amount) : amount;
}

/**
 * Under a movement in another currency than the base: its amount converted
 * ("≈ €9.20"), marked when a rate of a later date was used, or "no rate".
 */
export function ConvertedNote({ m, base }: { m: Movement; base: string | undefined }) {
  const { t, i18n } = useTranslation();
  if (!base || m.currency === base || m.baseAmount === undefined) return null;
  if (m.baseAmount === null)
    return (
      <Text size="xs" c="dimmed" ta="right" className="cc-converted">
        {t('currency.noRate')}
      </Text>
    );
  const value = formatMoney(shownAmount(m, m.baseAmount), base, localeOf(i18n.language), { signed: m.type !== 'transfer' });
  return (
    <Text size="xs" c="dimmed" ta="right" className="cc-amount cc-converted">
      {t('currency.approx', { value })}
      {m.baseEstimated && (
        <>
          {' '}
          {/* Short on screen (a hint on hover), said in full to a screen reader. */}
          <span aria-hidden title={t('currency.estimatedHint')}>
            {t('currency.estimated')}
          </span>
          <VisuallyHidden>{t('currency.estimatedHint')}</VisuallyHidden>
        </>
      )}
    </Text>
  );
}
