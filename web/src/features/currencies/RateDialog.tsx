import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Rate } from '@/shared/api/types';
import { today } from '@/shared/dates';
import { errorMessage, fieldErrors } from '@/shared/ui/problems';
import { notifyOk } from '@/shared/ui/notify';
import { isProblem } from '@/shared/api/client';
import { useRateMutations } from './api';
import { parseRate, rateInput } from './rate';

/**
 * Add a rate of currency in quote, or edit one (the same date posted again
 * replaces it, so the date of a rate being edited is fixed).
 */
export function RateDialog({ currency, quote, rate, onClose }: { currency: string; quote: string; rate: Rate | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { save } = useRateMutations();
  const [date, setDate] = useState(rate?.date ?? today());
  const [value, setValue] = useState(rate ? rateInput(rate.rate, i18n.language) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const pair = rate ? { currency: rate.currency, quote: rate.quote } : { currency, quote };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) errs.date = t(date ? 'fieldErrors.invalid' : 'fieldErrors.required');
    const parsed = parseRate(value);
    if (parsed === null) errs.rate = value.trim() ? t('rates.rateInvalid') : t('fieldErrors.required');
    setErrors(errs);
    setProblem(null);
    if (Object.keys(errs).length || parsed === null) return;
    try {
      await save.mutateAsync({ ...pair, date, rate: parsed });
      notifyOk(t('common.saved'));
      onClose();
    } catch (err) {
      // The server's field errors at their fields; the currency and the
      // quote have no field here, so theirs (and any other) go above the form.
      const byField = fieldErrors(t, err);
      if (isProblem(err) && err.fieldCode('rate') === 'invalid') byField.rate = t('rates.rateInvalid');
      setErrors(byField);
      const elsewhere = Object.entries(byField).filter(([f]) => f !== 'date' && f !== 'rate');
      if (elsewhere.length) setProblem(elsewhere.map(([f, m]) => `${f === 'quote' ? pair.quote : pair.currency}: ${m}`).join(' · '));
      else if (!byField.date && !byField.rate) setProblem(errorMessage(t, err));
    }
  };

  return (
    <Modal opened onClose={onClose} title={rate ? t('rates.edit') : t('rates.add')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          <TextInput
            type="date"
            label={t('rates.date')}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={errors.date}
            disabled={rate !== null}
            required
          />
          <TextInput
            label={t('rates.rateLabel', pair)}
            description={t('rates.rateHint', pair)}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            inputMode="decimal"
            autoComplete="off"
            error={errors.rate}
            rightSection={pair.quote}
            rightSectionWidth={52}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
