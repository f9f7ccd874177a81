import type { BudgetLine } from './api';

/** How much of the budget (with what was carried) is spent, for the bar: 0–100, its colour, and the share itself. */
export function usage(line: Pick<BudgetLine, 'amount' | 'carried' | 'spent'>): { value: number; color: string; share: number } {
  const available = (line.amount ?? 0) + line.carried;
  const share = available > 0 ? (line.spent * 100) / available : line.spent > 0 ? Infinity : 0;
  return { value: Math.min(100, share), color: share > 100 ? 'red' : share >= 80 ? 'orange' : 'teal', share };
}
