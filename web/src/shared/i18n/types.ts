import type en from './en';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** Every dictionary has exactly the English dictionary's keys. */
export type Dictionary = Widen<typeof en>;
