// The ledgers the parser's tests read sentences against: one per language,
// today Wednesday 18 November 2026, the current account the last one used.
import { exponentOf } from '@/shared/money';
import type { Lang, ParseContext, QuickAccount, QuickCategory } from './parse';

export const TODAY = '2026-11-18';

const acc = (id: string, name: string, type: QuickAccount['type'], currency = 'EUR', archived = false): QuickAccount => ({
  id,
  name,
  type,
  currency,
  archived,
});
const exp = (id: string, name: string): QuickCategory => ({ id, name, type: 'expense', archived: false });
const inc = (id: string, name: string): QuickCategory => ({ id, name, type: 'earning', archived: false });

const ledgers: Record<Lang, { accounts: QuickAccount[]; categories: QuickCategory[] }> = {
  es: {
    accounts: [
      acc('cc', 'Cuenta Corriente', 'bank'),
      acc('visa', 'Visa Oro', 'card'),
      acc('master', 'Mastercard', 'card'),
      acc('cash', 'Efectivo', 'cash'),
      acc('save', 'Ahorro', 'savings'),
      acc('usd', 'Revolut Dólares', 'bank', 'USD'),
      acc('jpy', 'Monedero Japón', 'cash', 'JPY'),
      acc('old', 'Antigua Caja', 'bank', 'EUR', true),
    ],
    categories: [
      exp('cafe', 'Cafetería'),
      exp('fuel', 'Gasolina'),
      exp('food', 'Supermercado'),
      exp('rest', 'Restaurantes'),
      exp('trans', 'Transporte'),
      exp('taxi', 'Taxi'),
      exp('rent', 'Alquiler'),
      exp('pharm', 'Farmacia'),
      exp('clothes', 'Ropa'),
      exp('fun', 'Ocio'),
      exp('books', 'Libros'),
      exp('carins', 'Seguro coche'),
      exp('homeins', 'Seguro hogar'),
      inc('pay', 'Nómina'),
      inc('gifts', 'Regalos'),
      inc('interest', 'Intereses'),
      inc('refunds', 'Devoluciones'),
    ],
  },
  en: {
    accounts: [
      acc('cc', 'Checking', 'bank'),
      acc('visa', 'Visa', 'card'),
      acc('amex', 'Amex Gold', 'card'),
      acc('cash', 'Cash', 'cash'),
      acc('save', 'Savings', 'savings'),
      acc('usd', 'US Account', 'bank', 'USD'),
      acc('jpy', 'Tokyo Wallet', 'cash', 'JPY'),
      acc('old', 'Old Bank', 'bank', 'EUR', true),
    ],
    categories: [
      exp('cafe', 'Coffee'),
      exp('fuel', 'Fuel'),
      exp('food', 'Groceries'),
      exp('rest', 'Restaurants'),
      exp('trans', 'Transport'),
      exp('taxi', 'Taxi'),
      exp('rent', 'Rent'),
      exp('pharm', 'Pharmacy'),
      exp('clothes', 'Clothes'),
      exp('fun', 'Fun'),
      exp('books', 'Books'),
      exp('carins', 'Car insurance'),
      exp('homeins', 'Home insurance'),
      inc('pay', 'Salary'),
      inc('gifts', 'Gifts'),
      inc('interest', 'Interest'),
      inc('refunds', 'Refunds'),
    ],
  },
  fr: {
    accounts: [
      acc('cc', 'Compte courant', 'bank'),
      acc('visa', 'Carte Visa', 'card'),
      acc('cash', 'Espèces', 'cash'),
      acc('save', 'Livret A', 'savings'),
      acc('usd', 'Compte USD', 'bank', 'USD'),
      acc('jpy', 'Portefeuille Japon', 'cash', 'JPY'),
      acc('old', 'Vieille Banque', 'bank', 'EUR', true),
    ],
    categories: [
      exp('cafe', 'Café'),
      exp('fuel', 'Carburant'),
      exp('food', 'Courses'),
      exp('rest', 'Restaurants'),
      exp('trans', 'Transports'),
      exp('taxi', 'Taxi'),
      exp('rent', 'Loyer'),
      exp('pharm', 'Pharmacie'),
      exp('clothes', 'Vêtements'),
      exp('fun', 'Loisirs'),
      exp('books', 'Livres'),
      exp('carins', 'Assurance auto'),
      exp('homeins', 'Assurance habitation'),
      inc('pay', 'Salaire'),
      inc('gifts', 'Cadeaux'),
      inc('interest', 'Intérêts'),
      inc('refunds', 'Remboursements'),
    ],
  },
};

export function contextFor(lang: Lang, extra: Partial<ParseContext> = {}): ParseContext {
  return { lang, today: TODAY, ...ledgers[lang], defaultAccountId: 'cc', exponentOf, ...extra };
}
