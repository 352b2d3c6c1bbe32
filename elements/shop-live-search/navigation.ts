/**
 * Leaving the page for a chosen suggestion or a search without a theme form. One object so that
 * tests (and host apps with a client-side router) can replace `assign`.
 */
export const navigation = {
  /** Goes to `url` (an absolute http(s) URL). */
  assign(url: string): void {
    window.location.assign(url);
  },
};
