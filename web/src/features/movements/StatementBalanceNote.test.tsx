import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dictionaries } from '@/shared/i18n/all';
import { renderWithProviders } from '@/test/render';
import StatementBalanceNote from './StatementBalanceNote';

// The balance a bank file states, beside the account's on that day after the
// import: a line when they agree, a warning with both figures when they do not.
describe.each(['es', 'en', 'fr'] as const)('the statement balance in %s', (lang) => {
  const d = dictionaries[lang].import;
  it('says the balances agree', () => {
    renderWithProviders(<StatementBalanceNote balance={{ date: '2026-01-31', amount: 500000, accountBalance: 500000, agrees: true }} currency="EUR" />, lang);
    expect(screen.getByText(new RegExp(d.statementAgrees))).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
  it('warns when they differ, with the account balance and the gap', () => {
    renderWithProviders(<StatementBalanceNote balance={{ date: '2026-01-31', amount: 500000, accountBalance: 499655, agrees: false }} currency="EUR" />, lang);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(d.statementDiffersTitle);
    // 4,996.55 and 3.45 in the language's way of writing money.
    expect(alert.textContent).toMatch(/4\D?996[.,]55/);
    expect(alert.textContent).toMatch(/3[.,]45/);
  });
});
