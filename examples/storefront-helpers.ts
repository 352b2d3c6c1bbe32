// The storefront helpers example page's own controls (the behaviours themselves are installed by
// the autoloader): adding a notice, and calling the REST client.
import { RestError, rest } from '../shared/shop/rest.ts';

const result = document.querySelector<HTMLOutputElement>('#rest-result');
const show = (text: string) => {
  if (result) result.textContent = text;
};
const failed = (error: unknown) =>
  show(error instanceof RestError ? `${error.code}: ${error.message}` : String(error));

let count = 0;
document.querySelector('#add-notice')?.addEventListener('click', () => {
  count += 1;
  const notice = document.createElement('div');
  notice.className = 'woocommerce-message';
  notice.setAttribute('role', 'alert');
  notice.textContent = `Coupon code ${count} applied successfully.`;
  document.querySelector('#notices')?.replaceChildren(notice);
});

document.querySelector('#rest-all')?.addEventListener('click', () => {
  show('Loading…');
  rest<{ id: number }[]>({ path: 'wp/v2/posts?per_page=-1' }).then(
    (posts) => show(`${posts.length} posts, in pages of 100.`),
    failed,
  );
});

document.querySelector('#rest-put')?.addEventListener('click', () => {
  show('Saving…');
  rest<{ title: string }>({
    path: 'wp/v2/posts/1',
    method: 'PUT',
    data: { title: `Renamed at ${new Date().toLocaleTimeString()}` },
  }).then((post) => show(`Saved: ${post.title}`), failed);
});

document.querySelector('#rest-offline')?.addEventListener('click', () => {
  show('Sending…');
  rest({ path: 'demo/v1/offline' }).then(() => show('Unexpected success'), failed);
});
