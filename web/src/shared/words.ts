// Words of a movement's description, for the screens that make rules from it.

/** The word of a description a rule made from it would look for: its longest word without digits ("COMPRA TARJ 5234 MERCADONA" → "MERCADONA"). */
export function keyWord(description: string): string {
  const words = description.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1 && !/\p{N}/u.test(w));
  return words.reduce((best, w) => (w.length > best.length ? w : best), '');
}
