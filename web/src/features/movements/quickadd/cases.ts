// The table the parser's tests run: each row a sentence and every field it
// must read, with the fields that must be asked (or said) and their choices.
import { expect, it } from 'vitest';
import type { MovementType } from '@/shared/api/types';
import { contextFor, TODAY } from './fixtures';
import { parse, ready, type Field, type Lang, type ParseContext, type Status } from './parse';

type FieldName = 'type' | 'amount' | 'date' | 'account' | 'toAccount' | 'category';

export interface Expect {
  type?: MovementType | null;
  date?: string | null;
  account?: string | null;
  to?: string | null;
  category?: string | null;
  /** Fields that are not sure (nor a shown default), with their status. */
  flags?: Partial<Record<FieldName, Status>>;
  /** The choices offered for a flagged field. */
  options?: Partial<Record<FieldName, (string | number)[]>>;
  /** The context's changes (another default account, a choice made). */
  ctx?: Partial<ParseContext>;
}

/** [sentence, amount in minor units (null: none read), description, the rest]. */
export type Row = [string, number | null, string, Expect?];

/** One test per row; every field is checked. */
export function runRows(lang: Lang, rows: Row[]) {
  it.each(rows)(`%s (${lang})`, (sentence, amount, description, e = {}) => {
    const p = parse(sentence, contextFor(lang, e.ctx));
    const type = e.type === undefined ? 'expense' : e.type;
    const fields: Record<FieldName, Field<unknown>> = {
      type: p.type,
      amount: p.amount,
      date: p.date,
      account: p.account,
      toAccount: p.toAccount,
      category: p.category,
    };
    expect(p.type.value, 'type').toBe(type);
    expect(p.amount.value, 'amount').toBe(amount);
    expect(p.date.value, 'date').toBe(e.date === undefined ? TODAY : e.date);
    expect(p.account.value, 'account').toBe(e.account === undefined ? 'cc' : e.account);
    expect(p.toAccount.value, 'toAccount').toBe(e.to ?? null);
    expect(p.category.value, 'category').toBe(e.category ?? null);
    expect(p.description, 'description').toBe(description);
    const flags = e.flags ?? {};
    for (const name of Object.keys(fields) as FieldName[]) {
      const f = fields[name];
      const relevant = name === 'toAccount' ? type === 'transfer' : name === 'category' ? type !== 'transfer' : true;
      if (!relevant) continue;
      const want = flags[name];
      if (want) expect(f.status, `${name} status`).toBe(want);
      else if (name === 'category' && (e.category ?? null) === null) expect(f.status, 'category status').toBe('missing');
      else expect(['sure', 'default'], `${name} status ${f.status}`).toContain(f.status);
      const opts = e.options?.[name];
      if (opts) expect(f.options, `${name} options`).toEqual(opts);
    }
    // Saved as it is only when nothing is asked or missing.
    const blocked =
      Object.entries(flags).some(([, s]) => s === 'ask' || s === 'missing') || (type !== 'transfer' && (e.category ?? null) === null) || amount === null;
    expect(ready(p), 'ready').toBe(!blocked);
  });
}

/**
 * Sentences made of the table's parts in turn (what, amount, when, paid with),
 * in three word orders: every combination's reading is the parts' readings.
 */
export function gridRows(
  parts: {
    items: [string, string | null][];
    amounts: [string, number][];
    dates: [string, string][];
    accounts: [string, string][];
  },
  count: number,
): Row[] {
  const { items, amounts, dates, accounts } = parts;
  const rows: Row[] = [];
  for (let i = 0; i < count; i++) {
    const [word, category] = items[i % items.length] as [string, string | null];
    const [amount, minor] = amounts[(i * 3) % amounts.length] as [string, number];
    const [when, date] = dates[(i * 5) % dates.length] as [string, string];
    const [paid, account] = accounts[(i * 7) % accounts.length] as [string, string];
    const order = i % 3;
    const sentence = (order === 0 ? [word, amount, when, paid] : order === 1 ? [amount, word, paid, when] : [when, word, amount, paid])
      .filter(Boolean)
      .join(' ');
    rows.push([sentence, minor, word, { date, account, category }]);
  }
  return rows;
}
