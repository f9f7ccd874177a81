import type { TFunction } from 'i18next';
import type { Account, Category } from '@/shared/api/types';
import { categoryChoices } from '@/shared/categories';
import { formatMoney } from '@/shared/money';
import type { Rule, RuleCondition } from './api';

/** The names of the ledger's categories of both types ("Food › Groceries"), by id. */
export function categoryNames(categories: Category[]): Map<string, string> {
  return new Map([...categoryChoices(categories, 'expense'), ...categoryChoices(categories, 'earning')].map((o) => [o.value, o.label]));
}

interface Context {
  t: TFunction;
  locale: string;
  /** Amounts in conditions are in the minor units of this currency (the ledger's base) for showing. */
  currency: string;
  accounts: Account[];
}

/** One condition in words: "Description contains “mercadona”", "the amount is between 10,00 € and 50,00 €". */
export function describeCondition(c: RuleCondition, { t, locale, currency, accounts }: Context): string {
  switch (c.field) {
    case 'amount':
      return c.op === 'between'
        ? t('rules.cond.amountBetween', { from: formatMoney(c.amount ?? 0, currency, locale), to: formatMoney(c.amountTo ?? 0, currency, locale) })
        : t('rules.cond.amountEquals', { amount: formatMoney(c.amount ?? 0, currency, locale) });
    case 'account':
      return t('rules.cond.account', { name: accounts.find((a) => a.id === c.accountId)?.name ?? t('rules.goneAccount') });
    case 'type':
      return t('rules.cond.type', { type: t(`rules.typeArticle.${c.type ?? 'expense'}`) });
    default: {
      const op = c.op === 'startsWith' || c.op === 'equals' ? c.op : 'contains';
      return t(`rules.cond.${op}`, { field: t(`rules.fields.${c.field}`), text: c.text ?? '' });
    }
  }
}

/** A rule's conditions in words: "When Description contains “mercadona” or Notes start with “súper”". */
export function describeConditions(r: Pick<Rule, 'conditions' | 'match'>, ctx: Context): string {
  const parts = r.conditions.map((c) => describeCondition(c, ctx));
  return ctx.t('rules.when', { conditions: parts.join(ctx.t(r.match === 'any' ? 'rules.or' : 'rules.and')) });
}

/** A rule's actions in words: "category Groceries · tags food · description “Mercadona”". */
export function describeActions(r: Pick<Rule, 'actions'>, t: TFunction, names: Map<string, string>): string {
  const a = r.actions;
  const parts: string[] = [];
  if (a.categoryId) parts.push(t('rules.toCategory', { name: names.get(a.categoryId) ?? '?' }));
  if (a.tags.length) parts.push(t('rules.withTags', { tags: a.tags.join(', ') }));
  if (a.description !== null) parts.push(t('rules.toDescription', { text: a.description }));
  if (a.notes !== null) parts.push(t('rules.toNotes', { text: a.notes }));
  return parts.join(' · ');
}
