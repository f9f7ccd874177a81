// The words a movement sentence is read with, per language, all written as
// `norm` writes them (lower case, no accents, ' for ’). No React, no i18n
// dictionary: these are the language's own words, not the app's strings.
import type { AccountType } from '@/shared/api/types';

export type Lang = 'es' | 'en' | 'fr';

export interface Lexicon {
  /** The language's decimal separator; the other one groups thousands. */
  decimal: ',' | '.';
  /** How a numeric date is ordered ("3/11": day first in es and fr, month first in en). */
  dayFirst: boolean;
  today: string[][];
  yesterday: string[][];
  dayBeforeYesterday: string[][];
  /** Sunday first, as Date.getUTCDay counts; each weekday's spellings. */
  weekdays: string[][];
  /** January first; each month's spellings. */
  months: string[][];
  /** Words before a date that belong to it ("el", "on the", "le"): consumed with it. */
  dateLead: string[][];
  /** Words after a weekday that belong to it ("pasado", "last"). */
  weekdayTail: string[];
  /** Between a day and a month or a year ("de"). */
  dateJoin: string[];
  /** Income words kept in the description (nómina, salary, salaire). */
  incomeNouns: string[];
  /** Income words dropped from the description (cobré, received). */
  incomeMarks: string[][];
  /** Expense words dropped from the description (pagué, spent). */
  expenseMarks: string[][];
  /** Transfer words dropped from the description. */
  transferMarks: string[][];
  /** Words that introduce a destination account ("a", "to", "vers"). */
  toWords: string[];
  /** Words that introduce a source account ("desde", "from", "depuis"). */
  fromWords: string[];
  /** Words that, after a transfer word, introduce its destination too ("sur le livret"). */
  transferInto: string[];
  /** Words that introduce the account paid with ("con", "with", "avec"). */
  withWords: string[];
  /** Articles and possessives between a preposition and its account. */
  determiners: string[];
  /** Words that make a sentence an earning from someone ("de parte de", "from", "de la part de"). */
  fromSomeone: string[][];
  /** Account words by the kind of account they mean (tarjeta → card). */
  accountAliases: Partial<Record<AccountType, string[]>>;
}

const cardBrands = ['visa', 'mastercard', 'amex', 'maestro'];

export const lexicons: Record<Lang, Lexicon> = {
  es: {
    decimal: ',',
    dayFirst: true,
    today: [['hoy']],
    yesterday: [['ayer']],
    dayBeforeYesterday: [['anteayer'], ['antier'], ['antes', 'de', 'ayer']],
    weekdays: [['domingo'], ['lunes'], ['martes'], ['miercoles'], ['jueves'], ['viernes'], ['sabado']],
    months: [
      ['enero', 'ene'],
      ['febrero', 'feb'],
      ['marzo'],
      ['abril', 'abr'],
      ['mayo', 'may'],
      ['junio', 'jun'],
      ['julio', 'jul'],
      ['agosto', 'ago'],
      ['septiembre', 'setiembre', 'sep', 'sept'],
      ['octubre', 'oct'],
      ['noviembre', 'nov'],
      ['diciembre', 'dic'],
    ],
    dateLead: [['el', 'dia'], ['el'], ['dia'], ['del']],
    weekdayTail: ['pasado'],
    dateJoin: ['de', 'del'],
    incomeNouns: ['nomina', 'sueldo', 'salario', 'ingreso', 'ingresos', 'paga', 'reembolso', 'devolucion', 'intereses', 'dividendo', 'dividendos', 'bizum'],
    incomeMarks: [['cobro'], ['cobre'], ['me', 'pagaron'], ['me', 'devolvieron'], ['recibi'], ['ingresado'], ['+']],
    expenseMarks: [['gasto'], ['gaste'], ['pague'], ['pagado'], ['compre'], ['-']],
    transferMarks: [['transferencia'], ['transferir'], ['transfiero'], ['traspaso'], ['traspasar'], ['paso']],
    toWords: ['a', 'al', 'hacia', 'hasta'],
    transferInto: ['en'],
    fromWords: ['desde', 'de', 'del'],
    withWords: ['con', 'en', 'por', 'de', 'del'],
    determiners: ['la', 'el', 'mi', 'los', 'las', 'tarjeta', 'cuenta'],
    fromSomeone: [['de', 'parte', 'de']],
    accountAliases: {
      card: ['tarjeta', 'credito', 'debito', ...cardBrands],
      cash: ['efectivo', 'metalico', 'cash'],
      bank: ['banco', 'cuenta'],
      savings: ['ahorro', 'ahorros'],
    },
  },
  en: {
    decimal: '.',
    dayFirst: false,
    today: [['today']],
    yesterday: [['yesterday']],
    dayBeforeYesterday: [
      ['the', 'day', 'before', 'yesterday'],
      ['day', 'before', 'yesterday'],
    ],
    weekdays: [['sunday'], ['monday', 'mon'], ['tuesday', 'tue', 'tues'], ['wednesday', 'wed'], ['thursday', 'thu', 'thurs'], ['friday', 'fri'], ['saturday']],
    months: [
      ['january', 'jan'],
      ['february', 'feb'],
      ['march', 'mar'],
      ['april', 'apr'],
      ['may'],
      ['june', 'jun'],
      ['july', 'jul'],
      ['august', 'aug'],
      ['september', 'sep', 'sept'],
      ['october', 'oct'],
      ['november', 'nov'],
      ['december', 'dec'],
    ],
    dateLead: [['on', 'the'], ['on'], ['the'], ['last']],
    weekdayTail: ['last'],
    dateJoin: ['of'],
    incomeNouns: ['salary', 'income', 'paycheck', 'payroll', 'wages', 'refund', 'interest', 'dividend', 'dividends', 'bonus'],
    incomeMarks: [['received'], ['got', 'paid'], ['earned'], ['+']],
    expenseMarks: [['spent'], ['paid'], ['bought'], ['-']],
    transferMarks: [['transfer'], ['transferred'], ['move'], ['moved']],
    toWords: ['to', 'into'],
    transferInto: ['in', 'on'],
    fromWords: ['from'],
    withWords: ['with', 'by', 'on', 'using', 'via', 'in', 'from'],
    determiners: ['the', 'my', 'card', 'account'],
    fromSomeone: [['from']],
    accountAliases: {
      card: ['card', 'credit', 'debit', ...cardBrands],
      cash: ['cash'],
      bank: ['bank', 'checking', 'current'],
      savings: ['savings'],
    },
  },
  fr: {
    decimal: ',',
    dayFirst: true,
    today: [["aujourd'hui"], ['aujourdhui'], ['auj']],
    yesterday: [['hier']],
    dayBeforeYesterday: [['avant-hier'], ['avant', 'hier']],
    weekdays: [['dimanche'], ['lundi'], ['mardi'], ['mercredi'], ['jeudi'], ['vendredi'], ['samedi']],
    months: [
      ['janvier', 'janv'],
      ['fevrier', 'fevr'],
      ['mars'],
      ['avril', 'avr'],
      ['mai'],
      ['juin'],
      ['juillet', 'juil'],
      ['aout'],
      ['septembre', 'sept'],
      ['octobre', 'oct'],
      ['novembre', 'nov'],
      ['decembre', 'dec'],
    ],
    dateLead: [['le'], ['du']],
    weekdayTail: ['dernier'],
    dateJoin: [],
    incomeNouns: ['salaire', 'paie', 'revenu', 'revenus', 'remboursement', 'interets', 'dividende', 'dividendes', 'prime', 'allocations'],
    incomeMarks: [['recu'], ['encaisse'], ['+']],
    expenseMarks: [['depense'], ['paye'], ['achete'], ['-']],
    transferMarks: [['virement'], ['transfert'], ['vire'], ['virer']],
    toWords: ['vers', 'a', 'au'],
    transferInto: ['sur', 'en'],
    fromWords: ['depuis', 'de', 'du'],
    withWords: ['avec', 'par', 'en', 'sur', 'de', 'du'],
    determiners: ['la', 'le', "l'", 'ma', 'mon', 'mes', 'carte', 'compte'],
    fromSomeone: [['de', 'la', 'part', 'de']],
    accountAliases: {
      card: ['carte', 'cb', 'credit', ...cardBrands],
      cash: ['especes', 'liquide', 'cash'],
      bank: ['banque', 'compte'],
      savings: ['livret', 'epargne'],
    },
  },
};

/** Currency words and symbols, as the account's currency they name (not French "livres": books far more often than pounds). */
export const currencyWords: Record<string, string> = {
  '€': 'EUR',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  $: 'USD',
  usd: 'USD',
  dollar: 'USD',
  dollars: 'USD',
  dolar: 'USD',
  dolares: 'USD',
  '£': 'GBP',
  gbp: 'GBP',
  libras: 'GBP',
  pounds: 'GBP',
  '¥': 'JPY',
  jpy: 'JPY',
  yen: 'JPY',
  yenes: 'JPY',
  chf: 'CHF',
};

/** Lower case, no accents, one kind of apostrophe: how every word is compared. */
export function norm(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[’`´]/g, "'");
}
