/**
 * Page navigation goes through here so tests (and host apps that route themselves) can
 * intercept it: the cart's redirects and the live search's suggestion links use it.
 */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
