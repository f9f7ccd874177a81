import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders as renderIn } from '@/test/render';
import { dictionaries } from '@/shared/i18n/all';
import { CashflowReport, TrendReport } from './MonthlyReports';
import type { CurrencyMonths } from './api';

const data: CurrencyMonths = {
  currency: 'EUR',
  months: [
    { month: '2024-01', earnings: 250000, expenses: 123456, transfersIn: 0, transfersOut: 10000, net: 126544, running: 116544 },
    { month: '2024-02', earnings: 0, expenses: 5050, transfersIn: 2000, transfersOut: 0, net: -5050, running: 113494 },
  ],
};

// Every chart is hidden from assistive technology and has a table with the
// same figures: the table is what a screen reader or keyboard user reads.
describe('chart table alternatives', () => {
  // The charts draw without a word on the console (recharts warns when a
  // chart has no size: test/setup.ts gives its container one).
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  beforeEach(() => warn.mockClear());
  afterEach(() => expect(warn).not.toHaveBeenCalled());
  it('the trend table lists every month with earnings, expenses and net', () => {
    renderIn(<TrendReport data={data} />, 'en');
    const table = screen.getByRole('table', { name: 'Monthly trend' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent?.replace(/\u00a0/g, ' ')));
    expect(rows).toEqual([
      ['Month', 'Earnings', 'Expenses', 'Net'],
      ['Jan 2024', '€2,500.00', '€1,234.56', '€1,265.44'],
      ['Feb 2024', '€0.00', '€50.50', '-€50.50'],
    ]);
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
  });
  it('the cash-flow table counts transfers in and out and shows the running total, in Spanish', () => {
    renderIn(<CashflowReport data={data} />, 'es');
    const table = screen.getByRole('table', { name: dictionaries.es.reports.cashflow });
    const cells = within(table).getAllByRole('row')[1]!.querySelectorAll('td');
    const text = [...cells].map((c) => c.textContent?.replace(/\u00a0/g, ' '));
    expect(text).toEqual(['ene 2024', '2500,00 €', '1334,56 €', '1165,44 €', '1165,44 €']);
  });
});
