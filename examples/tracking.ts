// The tracking example's script (examples/tracking.html): starts tracking and shows the
// attribution cookies, the checkout inputs, the analytics events and the prefetches live.
import '../elements/shop-order-attribution/shop-order-attribution.ts';
import { emit } from '../shared/events.ts';
import { $consent, $consentSource, type ShopConsentApi } from '../shared/stores/consent.ts';
import { $attribution } from '../shared/tracking/attribution.ts';
import { removeAttributionCookies } from '../shared/tracking/cookie-store.ts';
import { startTracking } from '../shared/tracking/index.ts';
import { ALL_COOKIES, decodeCookieValue, stripWww } from '../shared/tracking/sourcebuster.ts';
import { row, showFormData } from './demo-table.ts';

// Show what reaches gtag: a tracker that logs, then queues as Google's snippet does.
const page = window as unknown as { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };
page.dataLayer ??= [];
const log = document.querySelector<HTMLOListElement>('#event-log')!;
page.gtag = (...args: unknown[]) => {
  page.dataLayer?.push(args);
  const item = document.createElement('li');
  const code = document.createElement('pre');
  code.textContent = `gtag(${args.map((a) => JSON.stringify(a)).join(', ')})`;
  item.append(code);
  log.prepend(item);
};

startTracking();
const consentApi = () => window.shopConsent as ShopConsentApi;

const SOURCES: Record<string, string> = {
  api: 'a consent banner (window.shopConsent): events wait for statistics consent, attribution for marketing consent',
  queue: 'a window.shopConsent queue: strict gating',
  event: 'a CMP event (shop-consent-update): strict gating',
  'wp-consent-api': 'the WP Consent API: strict gating',
  'page-config': 'the page config (shop_consent): strict gating',
};

function render(): void {
  const consent = $consent.get();
  const source = $consentSource.get();
  document.querySelector('#consent-source')!.textContent =
    source === null
      ? 'none: events go to gtag at once and consent mode decides; attribution follows allowTracking'
      : (SOURCES[source] ?? source);
  document.querySelector('#consent-state')!.textContent =
    `statistics ${consent.statistics}, marketing ${consent.marketing}`;
  document.querySelector('#cookie-table tbody')!.replaceChildren();
  const jar = new Map(document.cookie.split('; ').map((c) => [c.split('=')[0], c.slice(c.indexOf('=') + 1)]));
  for (const name of ALL_COOKIES) {
    const raw = jar.get(`sbjs_${name}`);
    row('#cookie-table', [`sbjs_${name}`, raw === undefined ? '(not set)' : decodeCookieValue(raw)]);
  }
  showFormData('#input-table', document.querySelector<HTMLFormElement>('#demo-checkout')!);
}
$consent.subscribe(render);
$attribution.listen(render);

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const consent = target?.closest<HTMLElement>('[data-consent]')?.dataset.consent;
  if (consent === 'declare') consentApi().update({}); // any call declares the banner, deciding nothing
  if (consent === 'statistics') consentApi().update({ statistics: 'granted' });
  if (consent === 'marketing') consentApi().update({ marketing: 'granted' });
  if (consent === 'deny') consentApi().denyAll();
  if (target?.closest('#clear-cookies')) {
    removeAttributionCookies('sbjs_', stripWww(location.hostname));
    render();
  }
  // Product links and "Select options" stay on this page (analytics has counted select_content).
  if (target?.closest('.products a') && !target.closest('.ajax_add_to_cart')) event.preventDefault();
  const add = target?.closest<HTMLAnchorElement>('.ajax_add_to_cart');
  if (add) {
    event.preventDefault();
    // On a real page the add-to-cart module dispatches this after the shop answered.
    emit(add, 'shop-cart-item-added', {
      productId: add.dataset.product_id ?? '',
      quantity: 1,
      data: {},
      cartHash: 'demo',
    });
  }
});

document.querySelector('#demo-search')!.addEventListener('submit', (event) => {
  event.preventDefault();
  const query = document.querySelector<HTMLInputElement>('#demo-search-field')!.value;
  emit(event.target as HTMLFormElement, 'shop-search-submitted', { query, category: '' });
});

const prefetchLog = document.querySelector('#prefetch-log')!;
new MutationObserver((records) => {
  for (const node of records.flatMap((r) => [...r.addedNodes])) {
    if (node instanceof HTMLLinkElement && node.rel === 'prefetch') {
      const item = document.createElement('li');
      item.textContent = new URL(node.href).pathname + new URL(node.href).search;
      prefetchLog.append(item);
    }
  }
}).observe(document.head, { childList: true });
