// A split movement's lines as the form holds them (amounts as typed), the
// arithmetic of what is left to assign, and the server's split errors in words.
import type { TFunction } from 'i18next';
import { isProblem } from '@/shared/api/client';
import type { MovementSplit } from '@/shared/api/types';
import { amountInput, parseAmount } from '@/shared/money';
import type { SplitInput } from './api';

/** The most lines a movement splits into (the server's limit). */
export const MAX_SPLITS = 50;
/** The longest note of a line (the server's limit). */
export const MAX_SPLIT_NOTE = 200;

/** A line being typed; key keeps its fields when an earlier line is removed. */
export interface SplitLine {
  key: number;
  categoryId: string | null;
  amount: string;
  note: string;
}

/** The lines of a stored split movement, as the form shows them. */
export function linesOf(splits: readonly MovementSplit[], exponent: number, lang: string): SplitLine[] {
  return splits.map((s, i) => ({ key: i, categoryId: s.categoryId, amount: amountInput(s.amount, exponent, lang), note: s.note }));
}

/** What the lines add up to, in minor units; a line not (yet) an amount counts as nothing. */
export function assigned(lines: readonly SplitLine[], lang: string, exponent: number): number {
  return lines.reduce((sum, l) => sum + (parseAmount(l.amount, lang, exponent) ?? 0), 0);
}

/** What is left to assign of total (negative: the lines are over it); null while total is not an amount. */
export function remaining(total: number | null, lines: readonly SplitLine[], lang: string, exponent: number): number | null {
  return total === null ? null : total - assigned(lines, lang, exponent);
}

/** The lines as the API takes them; null when one has no category or no amount above zero. */
export function splitBody(lines: readonly SplitLine[], lang: string, exponent: number): SplitInput[] | null {
  const out: SplitInput[] = [];
  for (const l of lines) {
    const amount = parseAmount(l.amount, lang, exponent);
    if (!l.categoryId || !amount) return null;
    out.push({ categoryId: l.categoryId, amount, note: l.note.trim() });
  }
  return out;
}

/**
 * The server's errors about the lines, each in words ("The lines must add up
 * to the amount"); the server does not say which line, so they are said under
 * all of them. Field errors of other fields are left to fieldErrors.
 */
export function splitErrors(t: TFunction, e: unknown): string[] {
  if (!isProblem(e)) return [];
  const out: string[] = [];
  for (const f of e.errors) {
    let key: string;
    if (f.field === 'splits') key = `movements.split.errors.lines.${f.code}`;
    else if (f.field.startsWith('splits.')) key = `movements.split.errors.${f.field.slice('splits.'.length)}.${f.code}`;
    else if (f.field === 'categoryId' && f.code === 'mismatch') key = 'movements.split.errors.both';
    else continue;
    const msg = t(key, { max: MAX_SPLITS, note: MAX_SPLIT_NOTE });
    const said = msg === key ? `${t('movements.split.title')}: ${t(`fieldErrors.${f.code}`, { defaultValue: t('fieldErrors.invalid') })}` : msg;
    if (!out.includes(said)) out.push(said);
  }
  return out;
}
