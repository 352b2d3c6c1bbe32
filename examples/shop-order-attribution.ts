// The order-attribution example's script (examples/shop-order-attribution.html): starts the
// attribution, lets the visitor grant or refuse marketing consent, and shows what the checkout
// form would submit, live.
import '../elements/shop-order-attribution/shop-order-attribution.ts';
import { $consent, type ShopConsentApi } from '../shared/stores/consent.ts';
import { $attribution } from '../shared/tracking/attribution.ts';
import { startTracking } from '../shared/tracking/index.ts';
import { showFormData } from './demo-table.ts';

startTracking();
const consentApi = () => window.shopConsent as ShopConsentApi;
const form = document.querySelector<HTMLFormElement>('#checkout')!;

function render(): void {
  document.querySelector('#consent-state')!.textContent = `marketing ${$consent.get().marketing}`;
  showFormData('#input-table', form);
}
$consent.subscribe(render);
$attribution.listen(render);

document.addEventListener('click', (event) => {
  const consent = (event.target as Element | null)?.closest<HTMLElement>('[data-consent]')?.dataset.consent;
  if (consent === 'marketing') consentApi().update({ marketing: 'granted' });
  if (consent === 'deny') consentApi().denyAll();
});
// The demo has no order to place: show what would be sent instead.
form.addEventListener('submit', (event) => {
  event.preventDefault();
  render();
  document.querySelector<HTMLElement>('#input-table')!.focus();
});
