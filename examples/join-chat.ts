// The chat button example's script (examples/join-chat.html): a settings panel that rebuilds
// <join-chat> as on a new page view, consent buttons, and a log of what the widget sends.
import '../elements/join-chat/join-chat.ts';
import { setJoinChatEnvironment } from '../elements/join-chat/join-chat.env.ts';
import { HASHES_KEY, isMobileUserAgent, VIEWS_KEY } from '../elements/join-chat/join-chat.rules.ts';
import { local } from '../shared/storage.ts';
import { $consent, setConsent } from '../shared/stores/consent.ts';

const form = document.querySelector<HTMLFormElement>('#settings-form')!;
const log = document.querySelector<HTMLOListElement>('#event-log')!;
const storageState = document.querySelector<HTMLOutputElement>('#storage-state')!;
const consentState = document.querySelector<HTMLOutputElement>('#consent-state')!;
const simulateMobile = document.querySelector<HTMLInputElement>('#simulate-mobile')!;
const logOnly = document.querySelector<HTMLInputElement>('#log-only')!;

function note(text: string): void {
  const item = document.createElement('li');
  const code = document.createElement('code');
  code.textContent = text;
  item.append(code);
  log.prepend(item);
}

// A data layer and gtag as Google's snippet sets them up, logging what arrives.
const page = window as unknown as { dataLayer: unknown[] };
page.dataLayer = [['config', 'G-DEMO123']];
const push = page.dataLayer.push.bind(page.dataLayer);
page.dataLayer.push = (...items: unknown[]) => {
  for (const item of items) {
    const shown =
      Object.prototype.toString.call(item) === '[object Arguments]' ? [...(item as IArguments)] : item;
    note(`dataLayer.push(${JSON.stringify(shown)})`);
  }
  return push(...items);
};

setJoinChatEnvironment({
  isMobile: () => simulateMobile.checked || isMobileUserAgent(navigator.userAgent),
  open: (url) => {
    if (logOnly.checked) note(`window.open(${JSON.stringify(url)})`);
    else window.open(url, 'joinchat', 'noopener');
  },
});

function readForm(): Record<string, unknown> {
  const data = new FormData(form);
  const settings: Record<string, unknown> = {};
  for (const el of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    '[name]',
  )) {
    const name = el.name;
    if (el instanceof HTMLInputElement && el.type === 'checkbox') settings[name] = el.checked;
    else if (el instanceof HTMLInputElement && el.type === 'number') settings[name] = Number(el.value);
    else settings[name] = String(data.get(name) ?? '');
  }
  if (settings.cta_viewed === '') delete settings.cta_viewed;
  else settings.cta_viewed = settings.cta_viewed === 'true';
  if (settings.message_time === '') delete settings.message_time;
  if (settings.sku === '') delete settings.sku;
  return settings;
}

function showStorage(): void {
  storageState.textContent = `${VIEWS_KEY}=${local.get(VIEWS_KEY) ?? '(unset)'}; ${HASHES_KEY}=${local.get(HASHES_KEY) ?? '(unset)'}`;
}

/** Replaces the element, so its start-up rules run again as on a new page view. */
function apply(): void {
  const old = document.querySelector('join-chat');
  const chat = document.createElement('join-chat');
  chat.id = 'chat';
  chat.settings = readForm() as never;
  if (chat.settingsErrors.length) note(`invalid settings: ${chat.settingsErrors.join('; ')}`);
  old?.replaceWith(chat);
  showStorage();
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  apply();
});
document.querySelector('#forget')!.addEventListener('click', () => {
  local.remove(VIEWS_KEY);
  local.remove(HASHES_KEY);
  showStorage();
});
document.addEventListener('join-chat-opened', (event) => {
  note(`join-chat-opened ${JSON.stringify(event.detail)}`);
  showStorage();
});
document.addEventListener('join-chat-link-opened', (event) =>
  note(`join-chat-link-opened ${JSON.stringify(event.detail)}`),
);

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-consent]')) {
  button.addEventListener('click', () => {
    const which = button.dataset.consent;
    if (which === 'deny') setConsent({ statistics: 'denied', marketing: 'denied' });
    else setConsent({ [which as 'statistics' | 'marketing']: 'granted' });
  });
}
$consent.subscribe((c) => {
  consentState.textContent = `statistics ${c.statistics}, marketing ${c.marketing}`;
});

apply();
