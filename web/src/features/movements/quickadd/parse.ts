// A movement typed as a sentence ("café 3,50 ayer", "salary 2500 on the 1st",
// "courses 23,40 hier carte"), read into the fields of a movement. Each field
// says how sure the reading is: what is unclear is returned as a question with
// its choices, never guessed silently. Amounts are read digit by digit into
// minor units (never through a float). No React here: the quick-add box and
// its tests call parse() with the ledger's accounts and categories.
import type { AccountType, MovementType } from '@/shared/api/types';
import { isoDate } from '@/shared/dates';
import { currencyWords, lexicons, norm, type Lang, type Lexicon } from './lexicon';

export type { Lang } from './lexicon';

/**
 * sure: read from the sentence without doubt. default: not in the sentence,
 * the usual value is taken (today, the last account, an expense) and shown.
 * check: read the language's way, but it could be read otherwise (the other
 * readings are the options; saving keeps the shown one). ask: two or more
 * readings and no reason to prefer one: the person picks among the options.
 * missing: not there and nothing to take: the person gives it.
 */
export type Status = 'sure' | 'default' | 'check' | 'ask' | 'missing';

/** Why a field is not sure, for the box to say in the person's language. */
export type Note =
  | 'noAmount'
  | 'zeroAmount'
  | 'manyAmounts'
  | 'thousandsOrDecimals'
  | 'tooManyDecimals'
  | 'tooLarge'
  | 'currencyMismatch'
  | 'dayMonthOrder'
  | 'sameWeekday'
  | 'badDate'
  | 'manyDates'
  | 'manyAccounts'
  | 'sameAccount'
  | 'noDestination'
  | 'crossCurrency'
  | 'manyCategories'
  | 'typeConflict';

export interface Field<T> {
  value: T | null;
  status: Status;
  /** The readings to choose from (the shown value first) when check or ask. */
  options: T[];
  note: Note | null;
}

export interface ParsedMovement {
  type: Field<MovementType>;
  /** Positive minor units in the account's currency. */
  amount: Field<number>;
  date: Field<string>;
  account: Field<string>;
  /** A transfer's destination (not used otherwise). */
  toAccount: Field<string>;
  /** An expense's or earning's category by name (missing: none of its words names one). */
  category: Field<string>;
  description: string;
  /** The words that remain once what was read is taken out, for the category suggestion. */
  words: string[];
  /** A currency the sentence names ("45 usd"), or null. */
  currency: string | null;
}

export interface QuickAccount {
  id: string;
  name: string;
  type: AccountType;
  currency: string;
  archived: boolean;
}

export interface QuickCategory {
  id: string;
  name: string;
  type: 'expense' | 'earning';
  archived: boolean;
}

export interface ParseContext {
  lang: Lang;
  /** Today where the person is, YYYY-MM-DD. */
  today: string;
  accounts: QuickAccount[];
  categories: QuickCategory[];
  /** The account the form would preselect (the last used one), when the sentence names none. */
  defaultAccountId?: string | null;
  /** Decimals of a currency (EUR 2, JPY 0, BHD 3). */
  exponentOf: (currency: string) => number;
  /** The person's choices so far, which win over what the sentence says. */
  chosen?: { accountId?: string | null; toAccountId?: string | null; type?: MovementType | null };
}

interface Token {
  raw: string;
  n: string;
  used: boolean;
  /** Kept in the description even when used (a category or income noun). */
  keep?: boolean;
}

const field = <T>(value: T | null, status: Status, options: T[] = [], note: Note | null = null): Field<T> => ({ value, status, options, note });

/** Reads a sentence into a movement: every field with its certainty. */
export function parse(sentence: string, ctx: ParseContext): ParsedMovement {
  const lx = lexicons[ctx.lang];
  const tokens = tokenize(sentence, ctx.lang);
  const open = ctx.accounts.filter((a) => !a.archived);

  const date = readDate(tokens, lx, ctx.today);
  const mentions = readAccounts(tokens, lx, open, ctx.categories);
  const currency = readCurrency(tokens);
  const signs = readSigns(tokens, lx);

  // The type: a destination account or a transfer word makes a transfer; income words or '+' an earning.
  // A transfer word and two accounts: from the first to the second ("virement compte courant sur livret").
  let to = mentions.find((m) => m.role === 'to');
  if (!to && signs.transfer && mentions.length >= 2) to = mentions[mentions.length - 1];
  if (!to && signs.transfer && mentions.length === 1 && lx.transferInto.includes(mentions[0]?.prep ?? '')) to = mentions[0];
  let from = mentions.find((m) => m !== to && (m.role === 'from' || m.role === 'with'));
  // "salary 2500 into savings": an earning paid into that account, not a transfer.
  if (to && !from && signs.income && !signs.transfer && !signs.expense) {
    from = to;
    to = undefined;
  }
  let type: Field<MovementType>;
  if (to || signs.transfer) type = field<MovementType>('transfer', 'sure');
  else if (signs.income && signs.expense) type = field<MovementType>(null, 'ask', ['expense', 'earning'], 'typeConflict');
  else if (signs.income) type = field<MovementType>('earning', 'sure');
  else if (signs.expense) type = field<MovementType>('expense', 'sure');
  else type = field<MovementType>('expense', 'default');
  if (ctx.chosen?.type) type = field(ctx.chosen.type, 'sure');

  // The account: the one named, else (for a transfer to somewhere) the default one.
  let account = pickAccount(from, open, ctx.defaultAccountId, currency);
  if (ctx.chosen?.accountId) account = field(ctx.chosen.accountId, 'sure');
  let toAccount: Field<string> = field<string>(null, 'missing');
  if (type.value === 'transfer') {
    if (to) toAccount = to.ids.length === 1 ? field(to.ids[0] ?? null, 'sure') : field<string>(null, 'ask', to.ids, 'manyAccounts');
    else
      toAccount = field<string>(
        null,
        'ask',
        open.filter((a) => a.id !== account.value).map((a) => a.id),
        'noDestination',
      );
    if (ctx.chosen?.toAccountId) toAccount = field(ctx.chosen.toAccountId, 'sure');
    if (toAccount.value && toAccount.value === account.value)
      toAccount = field<string>(
        null,
        'ask',
        open.filter((a) => a.id !== account.value).map((a) => a.id),
        'sameAccount',
      );
    const a = open.find((x) => x.id === account.value);
    const b = open.find((x) => x.id === toAccount.value);
    if (a && b && a.currency !== b.currency) toAccount = { ...toAccount, status: 'ask', note: 'crossCurrency' };
  }

  const acc = open.find((a) => a.id === account.value);
  const amount = readAmount(tokens, ctx.lang, acc ? ctx.exponentOf(acc.currency) : null, currency, acc?.currency ?? null);

  const category: Field<string> =
    type.value === 'transfer' || type.value === null ? field<string>(null, 'missing') : readCategory(tokens, ctx.categories, type.value);

  const words = tokens.filter((t) => !t.used || t.keep).map((t) => t.raw);
  const description = trimStops(words, lx).join(' ');
  return { type, amount, date, account, toAccount, category, description, words: trimStops(words, lx), currency };
}

/** Words split on spaces; French thousands written with spaces ("1 850,00") joined back. */
function tokenize(sentence: string, lang: Lang): Token[] {
  const s = sentence.replace(/(\d)[\u00a0\u202f](?=\d{3}\b)/g, '$1').trim();
  if (!s) return [];
  const parts = s
    .split(/\s+/)
    .map((p) => p.replace(/^[("'“«]+|[)"'”»!?;:]+$/g, '').replace(/(\D)[.,]+$/, '$1'))
    .filter(Boolean);
  if (lang === 'fr') {
    for (let i = 0; i + 1 < parts.length; i++) {
      const lead = i > 0 ? norm(parts[i - 1] ?? '') : '';
      if (/^\d{1,3}(\u2009\d{3})*$/.test(parts[i] ?? '') && /^\d{3}(,\d+)?€?$/.test(parts[i + 1] ?? '') && !['le', 'du', 'au'].includes(lead)) {
        parts.splice(i, 2, `${parts[i]}\u2009${parts[i + 1]}`);
        i--;
      }
    }
  }
  return parts.map((raw) => ({ raw: raw.replace(/\u2009/g, ' '), n: norm(raw.replace(/\u2009/g, '')), used: false }));
}

/** Whether the words from i on (unused) are seq; returns how many. */
function at(tokens: Token[], i: number, seq: string[]): number {
  for (let k = 0; k < seq.length; k++) {
    const t = tokens[i + k];
    if (!t || t.used || t.n !== seq[k]) return 0;
  }
  return seq.length;
}

function atAny(tokens: Token[], i: number, seqs: string[][]): number {
  for (const s of seqs) {
    const n = at(tokens, i, s);
    if (n) return n;
  }
  return 0;
}

function consume(tokens: Token[], from: number, count: number) {
  for (let k = from; k < from + count; k++) {
    const t = tokens[k];
    if (t) t.used = true;
  }
}

/** A lead word ("el", "on the", "le") right before i, consumed with the date. */
function leadBefore(tokens: Token[], i: number, lx: Lexicon): number {
  for (const seq of lx.dateLead) {
    const s = i - seq.length;
    if (s >= 0 && at(tokens, s, seq) === seq.length) return seq.length;
  }
  return 0;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

function ymd(iso: string): [number, number, number] {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return [y, m - 1, d];
}

function addDays(iso: string, days: number): string {
  const [y, m, d] = ymd(iso);
  return isoDate(y, m, d + days);
}

/** The most recent day-th on or before today (this month, else an earlier one that has it). */
function lastDayNumbered(day: number, today: string): string | null {
  const [y, month, d] = ymd(today);
  let m = day > d ? month - 1 : month;
  for (let k = 0; k < 12; k++, m--) {
    const yy = y + Math.floor(m / 12);
    const mm = ((m % 12) + 12) % 12;
    if (day <= daysIn(yy, mm)) return isoDate(yy, mm, day);
  }
  return null;
}

/** The most recent day/month on or before today, or in the given year. */
function dayOfMonth(day: number, month: number, year: number | null, today: string): string | null {
  const [ty] = ymd(today);
  let y = year ?? ty;
  if (y < 100) y += 2000;
  if (month < 0 || month > 11 || day < 1 || day > daysIn(y, month)) return null;
  const iso = isoDate(y, month, day);
  if (year === null && iso > today) return day <= daysIn(y - 1, month) ? isoDate(y - 1, month, day) : null;
  return iso;
}

function monthAt(tokens: Token[], i: number, lx: Lexicon): number {
  const t = tokens[i];
  if (!t || t.used) return -1;
  return lx.months.findIndex((names) => names.includes(t.n.replace(/\.$/, '')));
}

const dayNumber = (s: string | undefined): number | null => {
  const m = s?.match(/^(\d{1,2})(st|nd|rd|th|er|re|e|º|°|o)?$/);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= 31 ? n : null;
};

const yearAt = (t: Token | undefined): number | null => (t && !t.used && /^(19|20)\d\d$/.test(t.n) ? Number(t.n) : null);

interface DateRead {
  value: string | null;
  status: Status;
  options: string[];
  note: Note | null;
}

/** Every date in the sentence: the relative words, weekdays, "el 3", "5 mars", ISO and numeric dates. */
function readDate(tokens: Token[], lx: Lexicon, today: string): Field<string> {
  const found: DateRead[] = [];
  const take = (start: number, count: number, read: DateRead) => {
    const lead = leadBefore(tokens, start, lx);
    consume(tokens, start - lead, count + lead);
    found.push(read);
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || t.used) continue;
    let n: number;
    if ((n = atAny(tokens, i, lx.dayBeforeYesterday))) take(i, n, { value: addDays(today, -2), status: 'sure', options: [], note: null });
    else if ((n = atAny(tokens, i, lx.yesterday))) take(i, n, { value: addDays(today, -1), status: 'sure', options: [], note: null });
    else if ((n = atAny(tokens, i, lx.today))) take(i, n, { value: today, status: 'sure', options: [], note: null });
    else if (lx.weekdays.some((w) => w.includes(t.n))) {
      const wd = lx.weekdays.findIndex((w) => w.includes(t.n));
      const [y, m, d] = ymd(today);
      const now = new Date(Date.UTC(y, m, d)).getUTCDay();
      const back = (now - wd + 7) % 7;
      const tail = tokens[i + 1] && !tokens[i + 1]?.used && lx.weekdayTail.includes(tokens[i + 1]?.n ?? '') ? 1 : 0;
      // The same weekday as today: a week ago, or today? Asked, a week ago first.
      if (back === 0) take(i, 1 + tail, { value: addDays(today, -7), status: 'check', options: [addDays(today, -7), today], note: 'sameWeekday' });
      else take(i, 1 + tail, { value: addDays(today, -back), status: 'sure', options: [], note: null });
    } else if (/^\d{4}-\d{1,2}-\d{1,2}$/.test(t.n)) {
      const [y, m, d] = t.n.split('-').map(Number) as [number, number, number];
      const v = m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m - 1) ? isoDate(y, m - 1, d) : null;
      take(i, 1, v ? { value: v, status: 'sure', options: [], note: null } : { value: null, status: 'ask', options: [], note: 'badDate' });
    } else if (/^\d{1,2}[/.-]\d{1,2}([/.-]\d{2}(\d{2})?)?$/.test(t.n) && (t.n.includes('/') || t.n.includes('-') || t.n.split('.').length === 3)) {
      take(i, 1, numericDate(t.n, lx, today));
    } else if (dayNumber(t.n) !== null && monthAt(tokens, i + 1, lx) >= 0 && !(lx.dayFirst === false && isDayToken(tokens[i + 2]))) {
      // (In English "12 November 15" is 12 on November 15: the month's own number comes after it.)
      // "5 mars", "3 marzo", "5 March 2026"
      const month = monthAt(tokens, i + 1, lx);
      const year = yearAt(tokens[i + 2]);
      take(i, year ? 3 : 2, dated(dayOfMonth(dayNumber(t.n) ?? 0, month, year, today)));
    } else if (dayNumber(t.n) !== null && lx.dateJoin.includes(tokens[i + 1]?.n ?? '') && monthAt(tokens, i + 2, lx) >= 0) {
      // "3 de marzo (de 2026)"
      const month = monthAt(tokens, i + 2, lx);
      const withYear = lx.dateJoin.includes(tokens[i + 3]?.n ?? '') && yearAt(tokens[i + 4]) !== null;
      const year = withYear ? yearAt(tokens[i + 4]) : null;
      take(i, withYear ? 5 : 3, dated(dayOfMonth(dayNumber(t.n) ?? 0, month, year, today)));
    } else if (monthAt(tokens, i, lx) >= 0 && dayNumber(tokens[i + 1]?.n.replace(/,$/, '')) !== null && isDayToken(tokens[i + 1]) && /[a-z]/.test(t.n)) {
      // "March 5", "March 5th, 2026"
      const month = monthAt(tokens, i, lx);
      const year = yearAt(tokens[i + 2]);
      take(i, year ? 3 : 2, dated(dayOfMonth(dayNumber(tokens[i + 1]?.n.replace(/,$/, '')) ?? 0, month, year, today)));
    } else if (dayNumber(t.n) !== null && (leadBefore(tokens, i, lx) > 0 || /\d(st|nd|rd|th|er)$/.test(t.n)) && !/^\d{3,}$/.test(t.n)) {
      // "el 3", "on the 1st", "le 5", "1er"
      if (leadBefore(tokens, i, lx) === 0 && !/\d(st|nd|rd|th|er)$/.test(t.n)) continue;
      const v = lastDayNumbered(dayNumber(t.n) ?? 0, today);
      take(i, 1, dated(v));
    }
  }
  if (found.length === 0) return field(today, 'default');
  const first = found[0] as DateRead;
  if (found.length > 1) {
    const values = [...new Set(found.map((f) => f.value).filter((v): v is string => !!v))];
    if (values.length > 1) return field<string>(null, 'ask', values, 'manyDates');
  }
  return field(first.value, first.status, first.options, first.note);
}

function isDayToken(t: Token | undefined): boolean {
  return !!t && !t.used && /^\d{1,2}(st|nd|rd|th)?,?$/.test(t.n);
}

function dated(v: string | null): DateRead {
  return v ? { value: v, status: 'sure', options: [], note: null } : { value: null, status: 'ask', options: [], note: 'badDate' };
}

/** "3/11", "03/11/2026", "3.11.26", "11/3" in en: the language's order; both readings offered when either could be. */
function numericDate(s: string, lx: Lexicon, today: string): DateRead {
  const parts = s.split(/[/.-]/).map(Number);
  const [a = 0, b = 0] = parts;
  const year = parts.length === 3 ? (parts[2] ?? 0) : null;
  const [d, m] = lx.dayFirst ? [a, b] : [b, a];
  const read = dayOfMonth(d, m - 1, year, today);
  const other = a !== b ? dayOfMonth(m, d - 1, year, today) : null;
  if (!read && other) return { value: other, status: 'check', options: [other], note: 'dayMonthOrder' };
  if (!read) return { value: null, status: 'ask', options: [], note: 'badDate' };
  // A month-first reading (en) of two numbers that could both be months: said.
  if (other && !lx.dayFirst) return { value: read, status: 'check', options: [read, other], note: 'dayMonthOrder' };
  return { value: read, status: 'sure', options: [], note: null };
}

/** A currency word or symbol ("usd", "€", "$12"), consumed; the code it names. */
function readCurrency(tokens: Token[]): string | null {
  let found: string | null = null;
  const numeric = (t: Token | undefined) => !!t && !t.used && /^[+-]?\d[\d.,]*$/.test(t.n);
  for (const [i, t] of tokens.entries()) {
    if (t.used) continue;
    const code = currencyWords[t.n];
    // A currency word counts after an amount ("45 livres", not "livres 20": books); a symbol on either side.
    if (code && (numeric(tokens[i - 1]) || (!letters(t.n) && numeric(tokens[i + 1])))) {
      t.used = true;
      found ??= code;
      continue;
    }
    const m = t.n.match(/^([€$£¥])?([+-]?\d[\d.,]*)([€$£¥]|eur|usd|gbp|jpy)?$/);
    const sym = m?.[1] ?? m?.[3];
    if (m && sym) {
      found ??= currencyWords[sym] ?? null;
      t.n = m[2] ?? t.n;
    }
  }
  return found;
}

interface Mention {
  role: 'to' | 'from' | 'with';
  ids: string[];
  prep: string;
}

const letters = (s: string) => /\p{L}/u.test(s);

/** Which accounts a run of words names: its whole name, a part of it (≥ 3 letters) or an alias (tarjeta, cash). */
function accountsNamed(words: string[], accounts: QuickAccount[], lx: Lexicon): { ids: string[]; exact: boolean; alias: boolean } {
  const phrase = words.join(' ');
  const exact = accounts.filter((a) => norm(a.name) === phrase);
  if (exact.length) return { ids: exact.map((a) => a.id), exact: true, alias: false };
  if (words.every((w) => w.length >= 3 && letters(w))) {
    const partial = accounts.filter((a) => {
      const names = norm(a.name).split(/[\s\-_/]+/);
      return words.every((w) => names.some((n) => n.startsWith(w)));
    });
    if (partial.length) return { ids: partial.map((a) => a.id), exact: false, alias: false };
  }
  if (words.length === 1) {
    const w = words[0] ?? '';
    const types = (Object.entries(lx.accountAliases) as [AccountType, string[]][]).filter(([, ws]) => ws.includes(w)).map(([k]) => k);
    if (types.length) {
      const byType = accounts.filter((a) => types.includes(a.type));
      if (byType.length) return { ids: byType.map((a) => a.id), exact: false, alias: true };
    }
  }
  return { ids: [], exact: false, alias: false };
}

/** Accounts the sentence names, with the word before each (to, from, with); consumed with their prepositions. */
function readAccounts(tokens: Token[], lx: Lexicon, accounts: QuickAccount[], categories: QuickCategory[]): Mention[] {
  const mentions: Mention[] = [];
  const categoryNames = new Set(categories.map((c) => norm(c.name)));
  const longest = (i: number) => {
    for (let len = Math.min(4, tokens.length - i); len >= 1; len--) {
      const span = tokens.slice(i, i + len);
      if (span.some((s) => s.used)) continue;
      const named = accountsNamed(
        span.map((s) => s.n),
        accounts,
        lx,
      );
      if (named.ids.length) return { len, ...named };
    }
    return null;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || t.used || !letters(t.n)) continue;
    const match = longest(i);
    if (!match) continue;
    // "la tarjeta visa": the kind of account before its name is read with the name.
    if (lx.determiners.includes(t.n) && match.alias && tokens[i + 1] && longest(i + 1)) continue;
    // Walk back over determiners to a preposition.
    let k = i - 1;
    while (k >= 0 && !tokens[k]?.used && lx.determiners.includes(tokens[k]?.n ?? '')) k--;
    const prep = k >= 0 && !tokens[k]?.used ? (tokens[k]?.n ?? '') : '';
    const role: Mention['role'] | null = lx.toWords.includes(prep) ? 'to' : lx.fromWords.includes(prep) ? 'from' : lx.withWords.includes(prep) ? 'with' : null;
    // A word that only partly names an account and names a category is the category, unless a preposition says otherwise.
    if (!role && !match.exact && match.len === 1 && categoryNames.has(t.n)) continue;
    const start = role ? k : k + 1;
    consume(tokens, start, i + match.len - start);
    mentions.push({ role: role ?? 'with', ids: match.ids, prep });
    i += match.len - 1;
  }
  return mentions;
}

/** What type words the sentence holds; transfer and expense marks are consumed, income nouns kept. */
function readSigns(tokens: Token[], lx: Lexicon): { income: boolean; expense: boolean; transfer: boolean } {
  const out = { income: false, expense: false, transfer: false };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t || t.used) continue;
    let n: number;
    if (/^\+\d/.test(t.n)) out.income = true;
    else if (/^-\d/.test(t.n)) out.expense = true;
    else if (lx.incomeNouns.includes(t.n)) {
      out.income = true;
      t.used = true;
      t.keep = true;
    } else if ((n = atAny(tokens, i, lx.transferMarks))) {
      out.transfer = true;
      consume(tokens, i, n);
    } else if ((n = atAny(tokens, i, lx.incomeMarks))) {
      out.income = true;
      consume(tokens, i, n);
    } else if ((n = atAny(tokens, i, lx.expenseMarks))) {
      out.expense = true;
      consume(tokens, i, n);
    } else if ((n = atAny(tokens, i, lx.fromSomeone)) && tokens[i + n] && !tokens[i + n]?.used) {
      // "500 from mum": an earning; the person stays in the description.
      out.income = true;
      consume(tokens, i, n);
    }
  }
  return out;
}

function pickAccount(m: Mention | undefined, open: QuickAccount[], fallback: string | null | undefined, currency: string | null): Field<string> {
  if (m) {
    const ids = currency ? m.ids.filter((id) => open.find((a) => a.id === id)?.currency === currency) : m.ids;
    const pool = ids.length ? ids : m.ids;
    return pool.length === 1 ? field(pool[0] ?? null, 'sure') : field<string>(null, 'ask', pool, 'manyAccounts');
  }
  // A currency the sentence names picks among the accounts in it.
  if (currency) {
    const inIt = open.filter((a) => a.currency === currency);
    const last = inIt.find((a) => a.id === fallback);
    if (last) return field(last.id, 'default');
    if (inIt.length === 1) return field(inIt[0]?.id ?? null, 'sure');
    if (inIt.length > 1)
      return field<string>(
        null,
        'ask',
        inIt.map((a) => a.id),
        'manyAccounts',
      );
  }
  const last = open.find((a) => a.id === fallback) ?? open[0];
  return last ? field(last.id, 'default') : field<string>(null, 'missing');
}

interface Decimal {
  int: string;
  frac: string;
}

/** A number as written, the language's way first; the other reading when the separators allow one. */
function readNumber(s: string, lang: Lang): { readings: Decimal[]; unclear: boolean } | null {
  if (!/^\d[\d.,]*$/.test(s) || /[.,]$/.test(s)) return null;
  const dec = lexicons[lang].decimal;
  const seps = [...new Set(s.replace(/\d/g, ''))];
  const split = (d: string): Decimal | null => {
    const i = s.lastIndexOf(d);
    const whole = s.slice(0, i);
    const frac = s.slice(i + 1);
    if (frac.includes('.') || frac.includes(',')) return null;
    if (/[.,]/.test(whole) && !/^\d{1,3}([.,]\d{3})+$/.test(whole)) return null;
    if (/[.,]/.test(whole) && whole.replace(/\d/g, '').includes(d)) return null;
    return { int: whole.replace(/[.,]/g, ''), frac };
  };
  const grouped = (): Decimal | null => (/^\d{1,3}([.,]\d{3})+$/.test(s) && seps.length === 1 ? { int: s.replace(/[.,]/g, ''), frac: '' } : null);
  if (seps.length === 0) return { readings: [{ int: s, frac: '' }], unclear: false };
  if (seps.length === 2) {
    // Both: the last one is the decimal separator ("1.850,00", "1,850.00").
    const last = s.replace(/\d/g, '').slice(-1);
    const r = split(last);
    return r ? { readings: [r], unclear: false } : null;
  }
  const sep = seps[0] ?? '';
  const count = s.split(sep).length - 1;
  if (count > 1) {
    const g = grouped();
    return g ? { readings: [g], unclear: false } : null;
  }
  const after = s.length - s.indexOf(sep) - 1;
  const asDecimal = split(sep);
  if (after !== 3) return asDecimal ? { readings: [asDecimal], unclear: false } : null;
  // "1.850" or "1,850": thousands or decimals; the language decides, and it is said.
  const asThousands = grouped();
  const readings = (sep === dec ? [asDecimal, asThousands] : [asThousands, asDecimal]).filter((r): r is Decimal => r !== null);
  return { readings, unclear: readings.length > 1 };
}

/** Minor units of a decimal at an exponent; null when it has more decimals than the currency (trailing zeros aside). */
function toMinor(d: Decimal, exponent: number): number | null {
  const frac = d.frac.replace(/0+$/, '');
  if (frac.length > exponent) return null;
  const digits = (d.int + frac.padEnd(exponent, '0')).replace(/^0+(?=\d)/, '');
  const minor = Number(digits);
  return Number.isSafeInteger(minor) ? minor : null;
}

const MAX_MINOR = 1e15;

function readAmount(tokens: Token[], lang: Lang, exponent: number | null, named: string | null, accountCurrency: string | null): Field<number> {
  const found: { token: Token; readings: Decimal[]; unclear: boolean }[] = [];
  for (const t of tokens) {
    if (t.used) continue;
    const r = readNumber(t.n.replace(/^[+-]/, ''), lang);
    if (r) found.push({ token: t, ...r });
  }
  for (const f of found) f.token.used = true;
  if (found.length === 0) return field<number>(null, 'missing', [], 'noAmount');
  const exp = exponent ?? 2;
  const minors = (rs: Decimal[]) => [...new Set(rs.map((r) => toMinor(r, exp)).filter((m): m is number => m !== null && m > 0 && m <= MAX_MINOR))];
  if (found.length > 1) {
    const options = [...new Set(found.flatMap((f) => minors(f.readings.slice(0, 1))))];
    return field<number>(null, 'ask', options, 'manyAmounts');
  }
  const one = found[0] as (typeof found)[number];
  if (one.readings.every((r) => r.int.replace(/^0+/, '').length > 13)) return field<number>(null, 'missing', [], 'tooLarge');
  if (named && accountCurrency && named !== accountCurrency) return field<number>(null, 'ask', minors(one.readings), 'currencyMismatch');
  const first = one.readings[0] as Decimal;
  const all = one.readings.map((r) => toMinor(r, exp));
  if (all.every((m) => m === 0)) return field<number>(null, 'missing', [], 'zeroAmount');
  if (all.some((m) => m !== null && m > MAX_MINOR)) return field<number>(null, 'missing', [], 'tooLarge');
  const options = minors(one.readings);
  if (options.length === 0) return field<number>(null, 'ask', [], 'tooManyDecimals');
  const primary = toMinor(first, exp);
  if (one.unclear && options.length > 1) return field(options[0] ?? null, 'check', options, 'thousandsOrDecimals');
  if (primary === null) return field(options[0] ?? null, 'check', options, 'tooManyDecimals');
  return field(primary, 'sure');
}

/** A name with its plural's s, or its singular: how a word of the sentence may name a category. */
const stems = (w: string) => [w, w.endsWith('s') ? w.slice(0, -1) : `${w}s`, w.endsWith('es') ? w.slice(0, -2) : `${w}es`];

/** A category named by the remaining words (the whole name, or one of its words in full); they stay in the description. */
function readCategory(tokens: Token[], categories: QuickCategory[], type: 'expense' | 'earning'): Field<string> {
  const pool = categories.filter((c) => c.type === type && !c.archived);
  const words = tokens.filter((t) => (!t.used || t.keep) && letters(t.n)).map((t) => t.n);
  const phrase = words.join(' ');
  const whole = pool.filter((c) => {
    const name = norm(c.name);
    return name.length >= 3 && (` ${phrase} `.includes(` ${name} `) || words.some((w) => stems(w).includes(name)));
  });
  if (whole.length === 1) return field(whole[0]?.id ?? null, 'sure');
  if (whole.length > 1)
    return field<string>(
      null,
      'ask',
      whole.map((c) => c.id),
      'manyCategories',
    );
  const part = pool.filter((c) => {
    const names = norm(c.name)
      .split(/[\s,&/-]+/)
      .filter((n) => n.length >= 4);
    return words.some((w) => w.length >= 4 && names.some((n) => stems(w).includes(n)));
  });
  if (part.length === 1) return field(part[0]?.id ?? null, 'sure');
  if (part.length > 1)
    return field<string>(
      null,
      'ask',
      part.map((c) => c.id),
      'manyCategories',
    );
  return field<string>(null, 'missing');
}

/** Prepositions and articles left dangling at either end ("con", "the") go. */
function trimStops(words: string[], lx: Lexicon): string[] {
  const stop = new Set([...lx.withWords, ...lx.toWords, ...lx.fromWords, ...lx.determiners.filter((d) => !letters(d) || d.length <= 3), ...lx.dateJoin]);
  const out = [...words];
  while (out.length && stop.has(norm(out[out.length - 1] ?? ''))) out.pop();
  while (out.length && stop.has(norm(out[0] ?? ''))) out.shift();
  return out;
}

/** Whether a reading can be saved as it is: nothing to ask and nothing missing (a transfer needs no category). */
export function ready(p: ParsedMovement): boolean {
  const fields: Field<unknown>[] = [p.type, p.amount, p.date, p.account];
  if (p.type.value === 'transfer') fields.push(p.toAccount);
  else fields.push(p.category);
  return fields.every((f) => f.value !== null && f.status !== 'ask' && f.status !== 'missing');
}
