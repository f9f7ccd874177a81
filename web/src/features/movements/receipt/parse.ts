/**
 * A receipt's OCR text read into the fields of a movement: the total, the
 * date, the shop and the currency. No React, no OCR: text in, reading out.
 *
 * Each field is read or left empty, and a field that could be read two ways
 * (a total with two candidates, a date that is 03/04 on an English receipt
 * without a US currency, a bare "$") is left empty and flagged: the person
 * says what it is, the reader never guesses silently. Amounts stay decimal
 * strings ("1234.50") until toMinor turns them into integer minor units: no
 * float ever holds money.
 */

export type ReceiptLanguage = 'es' | 'en' | 'fr';
export type ReceiptField = 'total' | 'date' | 'shop' | 'currency';

export interface ReceiptReading {
  /** The total as a decimal string with a point ("1234.50"), or null. */
  total: string | null;
  /** YYYY-MM-DD, or null. */
  date: string | null;
  shop: string | null;
  /** ISO 4217 code, or null. */
  currency: string | null;
  /** The receipt's language as its words say (null: no telling). */
  language: ReceiptLanguage | null;
  /** The fields that were left empty because they were not there or could be read more than one way. */
  unclear: ReceiptField[];
  /** Other amounts that could be the total (for the person to pick), largest first. */
  totalCandidates: string[];
}

export interface ReadOptions {
  /** The currencies the user's accounts are in: a bare "$" is read as the one dollar among them. */
  known?: string[];
  /** Today (YYYY-MM-DD): a date more than a year after it is not a receipt's. */
  today?: string;
}

/** Upper case without accents, for matching words ("Fecha", "FÉCHA" and "fecha" alike). */
function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
}

// ---- Amounts ----

/**
 * An amount as receipts print it: thousands grouped by a point, comma,
 * space or apostrophe, and two decimals after a comma or a point ("1.234,56",
 * "1,234.56", "1 234,56", "12,50", "12.50"), maybe with a minus. OCR often
 * puts a space around the decimal mark ("12, 50"): tolerated.
 */
const amountPattern = /(-?)(\d{1,3}(?:(?:[.,]\s?|[' \u00a0\u202f])\d{3})+|\d+)\s?([.,])\s?(\d{2})(?!\d)/g;

/** The amounts on a line, as decimal strings, left to right. */
export function amountsIn(line: string): string[] {
  const out: string[] = [];
  // Common OCR slips inside numbers: O for 0, l or I for 1 (only between digits or a digit and a separator).
  const fixed = line.replace(/(?<=[\d.,])[Oo](?=[\d.,])|(?<=\d)[Oo]\b/g, '0').replace(/(?<=\d[.,]?)[lI](?=\d)/g, '1');
  for (const m of fixed.matchAll(amountPattern)) {
    const [, minus, whole = '', , decimals = ''] = m;
    // A date's or a time's digits (03.11.26, 12:30) are not amounts: a match glued to more digits by a separator is skipped.
    const before = fixed.slice(0, m.index);
    const after = fixed.slice(m.index + m[0].length);
    if (/\d[./:-]$/.test(before) || /^[./:-]\d/.test(after)) continue;
    const digits = whole.replace(/[.,' \u00a0\u202f]/g, '');
    out.push(`${minus}${String(Number.parseInt(digits, 10))}.${decimals}`);
  }
  return out;
}

/** A decimal string ("12.50") in minor units of a currency with exp decimals; null when it has more decimals than the currency. */
export function toMinor(decimal: string, exp: number): number | null {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!m) return null;
  const [, sign, whole = '0', frac = ''] = m;
  const trimmed = frac.replace(/0+$/, '');
  if (trimmed.length > exp) return null;
  const minor = Number.parseInt(whole + frac.padEnd(exp, '0').slice(0, exp), 10);
  if (!Number.isSafeInteger(minor)) return null;
  return sign ? -minor : minor;
}

/** Compares two decimal strings as numbers (without turning them into floats). */
function compareDecimal(a: string, b: string): number {
  const [ai = '0', af = ''] = a.replace('-', '').split('.');
  const [bi = '0', bf = ''] = b.replace('-', '').split('.');
  const sa = a.startsWith('-') ? -1 : 1;
  const sb = b.startsWith('-') ? -1 : 1;
  if (sa !== sb) return sa - sb;
  const width = Math.max(af.length, bf.length);
  const x = ai.padStart(20, '0') + af.padEnd(width, '0');
  const y = bi.padStart(20, '0') + bf.padEnd(width, '0');
  return sa * (x < y ? -1 : x > y ? 1 : 0);
}

// ---- The total ----

/**
 * Words that say "what you pay", strongest first: a line with one of them
 * and an amount is a candidate for the total. The folded forms (no accents,
 * upper case) of es/en/fr receipts.
 */
const totalWords: [RegExp, number][] = [
  [
    /\b(TOTAL A PAGAR|IMPORTE A PAGAR|A PAGAR|AMOUNT DUE|BALANCE DUE|TOTAL DUE|NET A PAYER|TOTAL A PAYER|MONTANT A PAYER|GRAND TOTAL|TOTAL TTC|TOTAL EUROS?|TOTAL COMPRA|TOTAL VENTA|TOTAL \(IVA INCL|TOTAL IVA INCL)/,
    3,
  ],
  [/\b(TOTAL|TOTALE|TTC)\b/, 2],
  // (Not a bare NET: on English receipts it is the amount before tax.)
  [/\b(IMPORTE|MONTANT|AMOUNT|SUMA|A REGLER)\b/, 1],
];

/**
 * Lines that carry an amount that is not the total, even beside a total
 * word: subtotals, taxes, what was handed over and given back, discounts,
 * item counts, tips.
 */
const notTotal =
  /\b(SUB\s?-?\s?TOTAL|SUBTOTAL|SOUS[- ]?TOTAL|TOTAL HT|HT\b|HORS TAXES?|IVA\b|I\.V\.A|TVA|TAX(ES)?\b|VAT\b|BASE( IMPONIBLE)?|CUOTA|DESCUENTO|DTO|REMISE|DISCOUNT|AHORRO|SAVINGS|CAMBIO|CHANGE|RENDU|A RENDRE|MONNAIE|EFECTIVO|ENTREGADO|CASH|ESPECES|RECU\b|TENDERED|TIP|PROPINA|POURBOIRE|ARTICULOS|ARTICLES|ITEMS|UNIDADES|QTY|PUNTOS|POINTS)\b/;
/** ...unless the tax is said to be included ("TOTAL (IVA INCL.)", "TOTAL TAX INCLUDED"). */
const taxIncluded = /\b(INCL|INCLUIDO|INCLUDED|COMPRIS)/;

interface TotalCandidate {
  amount: string;
  strength: number;
  line: number;
}

function readTotal(lines: string[]): { total: string | null; unclear: boolean; candidates: string[] } {
  const found: TotalCandidate[] = [];
  lines.forEach((raw, i) => {
    const line = fold(raw);
    const strength = totalWords.find(([re]) => re.test(line))?.[1];
    if (!strength) return;
    if (notTotal.test(line) && !(taxIncluded.test(line) && strength >= 2)) return;
    let amounts = amountsIn(raw);
    // The amount may be printed under its word ("TOTAL" on one line, "12,50 €" on the next).
    if (amounts.length === 0 && i + 1 < lines.length && !/[A-Z]{3,}/.test(fold(lines[i + 1] ?? '').replace(/\b(EUR|USD|GBP|MXN|CAD|CHF|EUROS?)\b/g, ''))) {
      amounts = amountsIn(lines[i + 1] ?? '');
    }
    const amount = amounts.at(-1);
    if (amount && !amount.startsWith('-') && amount !== '0.00') found.push({ amount, strength, line: i });
  });
  const all = [...new Set(found.map((c) => c.amount))].sort((a, b) => compareDecimal(b, a));
  if (found.length === 0) return { total: null, unclear: true, candidates: allAmounts(lines) };
  const best = Math.max(...found.map((c) => c.strength));
  const strongest = [...new Set(found.filter((c) => c.strength === best).map((c) => c.amount))];
  if (strongest.length === 1) return { total: strongest[0] ?? null, unclear: false, candidates: all };
  // Several amounts beside equally strong words: the total is the largest of
  // them when the others add up below it (a card line repeating it, a
  // "TOTAL" of items then "TOTAL" paid); otherwise the person says.
  const sorted = strongest.sort((a, b) => compareDecimal(b, a));
  const counts = new Map<string, number>();
  found.filter((c) => c.strength === best).forEach((c) => counts.set(c.amount, (counts.get(c.amount) ?? 0) + 1));
  const top = sorted[0] ?? null;
  // The amount printed most often beside the strongest words wins when it is also the largest.
  if (top && (counts.get(top) ?? 0) > Math.max(...sorted.slice(1).map((a) => counts.get(a) ?? 0))) return { total: top, unclear: false, candidates: all };
  return { total: null, unclear: true, candidates: all };
}

/** Every amount on the receipt, largest first, without repeats (for the person to pick from when no total word was read). */
function allAmounts(lines: string[]): string[] {
  const all = lines.flatMap((l) => amountsIn(l)).filter((a) => !a.startsWith('-') && a !== '0.00');
  return [...new Set(all)].sort((a, b) => compareDecimal(b, a)).slice(0, 6);
}

// ---- The date ----

const monthNames: [RegExp, number][] = [
  [/^(ENE|ENERO|JAN|JANUARY|JANV|JANVIER)$/, 1],
  [/^(FEB|FEBRERO|FEBRUARY|FEV|FEVR|FEVRIER)$/, 2],
  [/^(MAR|MARZO|MARCH|MARS)$/, 3],
  [/^(ABR|ABRIL|APR|APRIL|AVR|AVRIL)$/, 4],
  [/^(MAY|MAYO|MAI)$/, 5],
  [/^(JUN|JUNIO|JUNE|JUIN)$/, 6],
  [/^(JUL|JULIO|JULY|JUIL|JUILLET)$/, 7],
  [/^(AGO|AGOSTO|AUG|AUGUST|AOUT)$/, 8],
  [/^(SEP|SEPT|SET|SEPTIEMBRE|SETIEMBRE|SEPTEMBER|SEPTEMBRE)$/, 9],
  [/^(OCT|OCTUBRE|OCTOBER|OCTOBRE)$/, 10],
  [/^(NOV|NOVIEMBRE|NOVEMBER|NOVEMBRE)$/, 11],
  [/^(DIC|DICIEMBRE|DEC|DECEMBER|DECEMBRE)$/, 12],
];

function monthOf(word: string): number | null {
  const w = fold(word).replace(/\.$/, '');
  return monthNames.find(([re]) => re.test(w))?.[1] ?? null;
}

const pad = (n: number) => String(n).padStart(2, '0');

function validDate(y: number, m: number, d: number, today?: string): string | null {
  if (y < 100) y += 2000;
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 2000) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  const iso = `${y}-${pad(m)}-${pad(d)}`;
  if (today) {
    const limit = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    if (iso > limit) return null;
  }
  return iso;
}

type DateFound = { date: string | null; ambiguous: boolean };

/**
 * The receipt's date: the first one it prints. Numeric dates are day first
 * (es, fr, and English outside the US), month first on an English receipt
 * in US dollars; when both readings are dates and the receipt does not say
 * which order it uses, the date is left empty and flagged.
 */
function readDate(lines: string[], usOrder: boolean | null, today?: string): DateFound {
  const monthWord = '([A-Za-zÀ-ÿ]{3,10}\\.?)';
  const patterns: { re: RegExp; read: (m: RegExpExecArray) => DateFound | null }[] = [
    // 2026-11-03, 2026/11/03
    { re: /\b(20\d{2})[-/.](\d{1,2})[-/.](\d{1,2})\b/, read: (m) => ({ date: validDate(+m[1]!, +m[2]!, +m[3]!, today), ambiguous: false }) },
    // 03/11/2026, 03-11-26, 03.11.2026 (day or month first)
    {
      re: /(?<![\d/.-])(\d{1,2})\s?[-/.]\s?(\d{1,2})\s?[-/.]\s?(20\d{2}|\d{2})(?![\d/.-]|\s?[.,]\d)/,
      read: (m) => {
        const a = +m[1]!;
        const b = +m[2]!;
        const y = +m[3]!;
        const dayFirst = validDate(y, b, a, today);
        const monthFirst = validDate(y, a, b, today);
        if (dayFirst && monthFirst && dayFirst !== monthFirst) {
          if (usOrder === null) return { date: null, ambiguous: true };
          return { date: usOrder ? monthFirst : dayFirst, ambiguous: false };
        }
        return dayFirst || monthFirst ? { date: dayFirst ?? monthFirst, ambiguous: false } : null;
      },
    },
    // 3 nov 2026, 3 de noviembre de 2026, 1er novembre 2026, 03-NOV-26
    {
      re: new RegExp(`\\b(\\d{1,2})(?:er|ER|st|nd|rd|th)?[\\s-]+(?:de\\s+|DE\\s+)?${monthWord}[\\s,-]+(?:de\\s+|DE\\s+|del\\s+|DEL\\s+)?(20\\d{2}|\\d{2})\\b`),
      read: (m) => {
        const month = monthOf(m[2]!);
        return month ? { date: validDate(+m[3]!, month, +m[1]!, today), ambiguous: false } : null;
      },
    },
    // November 3, 2026; Nov 3 2026
    {
      re: new RegExp(`\\b${monthWord}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(20\\d{2})\\b`),
      read: (m) => {
        const month = monthOf(m[1]!);
        return month ? { date: validDate(+m[3]!, month, +m[2]!, today), ambiguous: false } : null;
      },
    },
  ];
  for (const line of lines) {
    let first: { at: number; found: DateFound } | null = null;
    for (const p of patterns) {
      const m = p.re.exec(line);
      if (!m) continue;
      const found = p.read(m);
      if (found && (found.date || found.ambiguous) && (!first || m.index < first.at)) first = { at: m.index, found };
    }
    if (first) return first.found;
  }
  return { date: null, ambiguous: false };
}

// ---- The currency ----

const codes = [
  'EUR',
  'USD',
  'GBP',
  'MXN',
  'CAD',
  'CHF',
  'JPY',
  'ARS',
  'COP',
  'CLP',
  'PEN',
  'BRL',
  'AUD',
  'UYU',
  'MAD',
  'XOF',
  'XAF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
];
const dollars = ['USD', 'MXN', 'CAD', 'AUD', 'ARS', 'COP', 'CLP', 'UYU'];

function readCurrency(text: string, language: ReceiptLanguage | null, known: string[]): { currency: string | null; unclear: boolean } {
  const folded = fold(text);
  const named = codes.filter((c) => new RegExp(`\\b${c}\\b`).test(folded));
  if (named.length === 1) return { currency: named[0] ?? null, unclear: false };
  if (named.length > 1) return { currency: null, unclear: true };
  if (/€|\bEUROS?\b/.test(text.toUpperCase())) return { currency: 'EUR', unclear: false };
  if (/£/.test(text)) return { currency: 'GBP', unclear: false };
  if (/\bPESOS?\b/.test(folded) || /\bUS\s?\$/.test(folded) || /\$/.test(text)) {
    if (/\bUS\s?\$/.test(folded)) return { currency: 'USD', unclear: false };
    if (/\bCAD\s?\$|\$\s?CA\b|\bC\$/.test(folded)) return { currency: 'CAD', unclear: false };
    // A bare "$": the user's one dollar currency, else an English receipt's US dollar; otherwise the person says.
    const mine = dollars.filter((c) => known.includes(c));
    if (mine.length === 1) return { currency: mine[0] ?? null, unclear: false };
    if (language === 'en' && !/\bPESOS?\b/.test(folded)) return { currency: 'USD', unclear: false };
    return { currency: null, unclear: true };
  }
  if (/\bFR\b|\bCHF\b/.test(folded)) return { currency: null, unclear: true };
  return { currency: null, unclear: true };
}

// ---- The language ----

const languageWords: Record<ReceiptLanguage, RegExp> = {
  es: /\b(IVA|FECHA|GRACIAS|EFECTIVO|CAMBIO|IMPORTE|TARJETA|A PAGAR|TICKET|FACTURA|SIMPLIFICADA|CANT|PRECIO|ARTICULOS|ENTREGADO|HORA|CAJA|VUELVA|PRONTO|CLIENTE|CALLE|AVDA)\b/g,
  en: /\b(TAX|THANK|THANKS|CASH|CHANGE|AMOUNT|DUE|RECEIPT|SUBTOTAL|DATE|ITEMS|QTY|PRICE|CARD|STORE|VISIT|AGAIN|CUSTOMER|STREET|ROAD|AVE|TIME|BALANCE)\b/g,
  fr: /\b(TVA|MERCI|TTC|HT|MONTANT|ESPECES|RENDU|SOUS|PAYER|CARTE|BANCAIRE|TICKET|CAISSE|PRIX|QTE|ARTICLES|HEURE|LE|DE|VOTRE|VISITE|RUE|BIENTOT|REGLER|CB)\b/g,
};

function readLanguage(text: string): ReceiptLanguage | null {
  const folded = fold(text);
  const scores = (Object.keys(languageWords) as ReceiptLanguage[]).map((l) => [l, folded.match(languageWords[l])?.length ?? 0] as const);
  scores.sort((a, b) => b[1] - a[1]);
  const [first, second] = scores;
  if (!first || first[1] === 0 || (second && second[1] === first[1])) return null;
  return first[0];
}

// ---- The shop ----

/** Lines at the top that are not the shop's name: what the receipt is, greetings, addresses, phone and tax numbers, dates. */
const notShop =
  /\b(TICKET|FACTURA|SIMPLIFICADA|RECIBO|RECEIPT|INVOICE|FACTURE|BIENVENIDO|BIENVENUE|WELCOME|TEL|TELEFONO|TELEPHONE|PHONE|FAX|CIF|NIF|N\.I\.F|C\.I\.F|SIRET|SIREN|RCS|TVA|VAT|TAX ID|RFC|CALLE|C\/|AVDA|AVENIDA|PLAZA|PASEO|CARRETERA|RUE|AVENUE|BOULEVARD|BD|ROUTE|PLACE|STREET|ST\.|ROAD|RD\.|SUITE|WWW|HTTP|@|FECHA|DATE|HORA|HEURE|TIME|CAJA|CAISSE|STORE #|TIENDA N|NO\.|COPIA|COPY|DUPLICADO)\b/;

/**
 * A name without the specks OCR reads at its ends ("o RÍA CERVANTES i", "Ko
 * FRESH MART", "Bar El Rincón a"): a token at either end goes when it is one
 * character, or up to three in a case the other words do not use (lower case
 * beside capitalised words, mixed beside upper case), or no letter at all.
 */
function trimStrays(name: string): string {
  const words = name.split(' ');
  const upper = (w: string) => w === w.toUpperCase();
  const capital = (w: string) => /^[A-ZÀ-Þ0-9]/.test(w);
  const speck = (w: string) => !/[A-Za-zÀ-ÿ0-9]/.test(w) || w.length === 1;
  const stray = (w: string, rest: string[]) => {
    if (w.length > 3 || rest.length === 0) return false;
    if (rest.every(upper)) return !upper(w);
    return rest.every(capital) && !capital(w);
  };
  while (words.length > 1 && speck(words[0] ?? '')) words.shift();
  while (words.length > 1 && speck(words.at(-1) ?? '')) words.pop();
  while (words.length > 1 && stray(words[0] ?? '', words.slice(1))) words.shift();
  while (words.length > 1 && stray(words.at(-1) ?? '', words.slice(0, -1))) words.pop();
  return words.join(' ');
}

function readShop(lines: string[]): string | null {
  for (const raw of lines.slice(0, 8)) {
    const line = raw
      .replace(/[|_~*=#<>{}[\]\\]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    const letters = line.replace(/[^A-Za-zÀ-ÿ]/g, '').length;
    if (letters < 3 || letters / Math.max(1, line.replace(/\s/g, '').length) < 0.6) continue;
    const folded = fold(line);
    if (notShop.test(folded) || /\d{5}/.test(line) || amountsIn(line).length > 0) continue;
    return trimStrays(line.replace(/^[^A-Za-zÀ-ÿ0-9&'"(]+|[^A-Za-zÀ-ÿ0-9&'").!]+$/g, ''));
  }
  return null;
}

// ---- The whole receipt ----

/** Reads a receipt's OCR text into a movement's fields (see the file's comment). */
export function readReceipt(text: string, options: ReadOptions = {}): ReceiptReading {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  const language = readLanguage(text);
  const { currency, unclear: currencyUnclear } = readCurrency(text, language, options.known ?? []);
  // Month first only on an English receipt in US dollars; day first in Spanish and French and in other currencies.
  // Without telling words, amounts with a decimal comma say it is not a US receipt.
  const decimalComma = lines.some((l) => /\d,\s?\d{2}(?!\d)/.test(l)) && !lines.some((l) => /\d\.\d{2}(?!\d)/.test(l));
  const usOrder = language === 'en' ? (currency === 'USD' ? true : currency ? false : null) : language || decimalComma ? false : null;
  const { date, ambiguous } = readDate(lines, usOrder, options.today);
  const { total, unclear: totalUnclear, candidates } = readTotal(lines);
  const shop = readShop(lines);
  const unclear: ReceiptField[] = [];
  if (!total || totalUnclear) unclear.push('total');
  if (!date || ambiguous) unclear.push('date');
  if (!shop) unclear.push('shop');
  if (!currency || currencyUnclear) unclear.push('currency');
  return { total, date, shop, currency, language, unclear, totalCandidates: candidates };
}
