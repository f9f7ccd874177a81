/** Where the browser goes to authorise a bank (the bank's own page): one function, that tests replace. */
export const browser = {
  go(url: string) {
    window.location.assign(url);
  },
};
