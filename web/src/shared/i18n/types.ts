import type accountEn from './account/en';
import type en from './en';
import type signedInEn from './signedin/en';
import type quickAddEn from './quickadd/en';
import type receiptEn from './receipt/en';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** Every dictionary has exactly the English dictionary's keys. */
export type Dictionary = Widen<typeof en>;

/** Every account dictionary (Profile's security and the administration, loaded with those pages) has the English one's keys. */
export type AccountDictionary = Widen<typeof accountEn>;

/** Every signed-in dictionary (shared ledgers, bank connections: loaded with the signed-in pages, not the sign-in page) has the English one's keys. */
export type SignedInDictionary = Widen<typeof signedInEn>;

/** Every quick-add dictionary (the quick-add box's strings, loaded with the box) has the English one's keys. */
export type QuickAddDictionary = Widen<typeof quickAddEn>;

/** Every receipt dictionary (the receipt reader's strings, loaded with the movement form's receipt button) has the English one's keys. */
export type ReceiptDictionary = Widen<typeof receiptEn>;
