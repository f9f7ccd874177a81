/** What the receipt reader hands the movement form once the person has checked it. */
export interface ReceiptValues {
  /** The total in minor units of currency (or of the account's currency when currency is null): an integer, never a float. */
  amount: number | null;
  /** YYYY-MM-DD */
  date: string | null;
  /** The shop: the movement's description. */
  shop: string | null;
  /** ISO 4217 code as read (and checked), or null: the account's. */
  currency: string | null;
}
