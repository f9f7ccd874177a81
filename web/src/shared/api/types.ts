// The API's resources, as docs/API.md describes them. Money is integer minor units.
import type { LanguagePreference } from '../i18n';
import type { ThemePreference } from '../theme';

export interface User {
  uid: string;
  name: string;
  lastName: string;
  email: string;
  rol: string;
  providerId: string;
  photoURL: string;
  phone: string;
  address: string;
  firstTime: boolean;
  languagePreference: LanguagePreference;
  themePreference: ThemePreference;
  baseCurrency: string;
  hasPassword: boolean;
}

export interface Meta {
  version: string;
  supportEmail: string;
  analyticsId: string;
  signupEnabled: boolean;
}

export interface Provider {
  id: string;
  name: string;
  loginUrl: string;
}

export interface Currency {
  code: string;
  exponent: number;
}

export type AccountType = 'cash' | 'bank' | 'card' | 'savings' | 'investment' | 'loan';
export const accountTypes: AccountType[] = ['cash', 'bank', 'card', 'savings', 'investment', 'loan'];

export interface Account {
  id: string;
  name: string;
  type: AccountType;
  currency: string;
  openingBalance: number;
  balance: number;
  position: number;
  archived: boolean;
  hasMovements: boolean;
}

export type CategoryType = 'expense' | 'earning';

export interface Category {
  id: string;
  name: string;
  type: CategoryType;
  parentId: string | null;
  color: string;
  icon: string;
  position: number;
  archived: boolean;
}

export type MovementType = 'expense' | 'earning' | 'transfer';

export interface Movement {
  id: string;
  type: MovementType;
  date: string;
  amount: number;
  currency: string;
  accountId: string;
  categoryId: string | null;
  toAccountId: string | null;
  toAmount: number | null;
  toCurrency?: string;
  description: string;
  notes: string;
  tags: string[];
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
