import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { actionHash, installLinkActions, parseActionHash } from '../../../shared/page/link-actions.ts';
import { installVideos, parseVideoUrl } from '../../../shared/page/video.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { captureConsole, mount } from './helpers.ts';

/**
 * spec §2 Other "Lightboxes for … videos"; §7 "Lazy loads … of video player APIs from third-party
 * services": nothing is requested from a provider before a video is opened or shown. The demo
 * shop serves fake APIs at /__video/ (examples/server/video.mjs); no internet here.
 */
const APIS = { youtube: '/__video/youtube/iframe_api', vimeo: '/__video/vimeo/player.js' };
const PROVIDER = /youtube\.com|youtube-nocookie\.com|ytimg\.com|vimeo\.com|vimeocdn\.com|\/__video\//;

/** Every request the page made to a provider (or the fakes standing in for them). */
const providerRequests = () =>
  performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((name) => PROVIDER.test(name));
const providerElements = () =>
  [...document.querySelectorAll('script[src], iframe[src]')].filter((el) =>
    PROVIDER.test(el.getAttribute('src') ?? ''),
  );
const calls = () =>
  ((window as unknown as { __fakeVideo?: { calls: string[][] } }).__fakeVideo?.calls ?? []).map((c) =>
    c.join(' '),
  );
const openDialog = () => document.querySelector<HTMLDialogElement>('dialog.shop-video-dialog[open]');
const frame = (within: ParentNode = document) =>
  within.querySelector<HTMLIFrameElement>('iframe[data-provider-src]');

const widget = (settings: object | string, overlay = true, lightbox = true) => {
  const text = typeof settings === 'string' ? settings : JSON.stringify(settings);
  const box = lightbox
    ? ` data-elementor-open-lightbox="yes" data-elementor-lightbox='{"type":"video","videoType":"vimeo","url":"https://player.vimeo.com/video/76979871?autoplay=1"}'`
    : '';
  return `<div class="elementor-element elementor-widget elementor-widget-video" data-settings='${text}' data-widget_type="video.default">
<div class="elementor-widget-container"><div class="elementor-wrapper elementor-open-${lightbox ? 'lightbox' : 'inline'}">
${lightbox ? '' : '<div class="elementor-video"></div>'}
${
  overlay
    ? `<div class="elementor-custom-embed-image-overlay"${box}><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="Making of the hoodie">
<div class="elementor-custom-embed-play" role="button" aria-label="Play Video" tabindex="0"><i class="eicon-play" aria-hidden="true"></i></div></div>`
    : ''
}</div></div></div>`;
};

describe('video', () => {
  let view: ReturnType<typeof mount>;
  let uninstall = () => {};
  let clock: ReturnType<typeof fakeClock>;
  const messages = captureConsole();
  beforeEach(() => {
    clock = fakeClock();
  });
  afterEach(() => {
    uninstall();
    uninstall = () => {};
    openDialog()?.close();
    view?.remove();
  });

  it('reads YouTube and Vimeo addresses; others are not videos', () => {
    expect(parseVideoUrl('https://www.youtube.com/watch?v=XHOmBV4js_E&t=1m5s')).to.deep.include({
      provider: 'youtube',
      id: 'XHOmBV4js_E',
      start: 65,
    });
    expect(parseVideoUrl('https://youtu.be/XHOmBV4js_E')?.id).to.equal('XHOmBV4js_E');
    expect(parseVideoUrl('https://www.youtube.com/embed/XHOmBV4js_E?autoplay=1')?.id).to.equal('XHOmBV4js_E');
    expect(parseVideoUrl('https://www.youtube.com/shorts/XHOmBV4js_E')?.id).to.equal('XHOmBV4js_E');
    expect(parseVideoUrl('https://vimeo.com/76979871')).to.deep.include({
      provider: 'vimeo',
      id: '76979871',
    });
    expect(parseVideoUrl('https://player.vimeo.com/video/76979871?h=abc123')).to.deep.include({
      id: '76979871',
      hash: 'abc123',
    });
    expect(parseVideoUrl('https://example.com/video.mp4')).to.equal(null);
    expect(parseVideoUrl('javascript:alert(1)')).to.equal(null);
  });

  it('a theme video link: no request to the provider before opening; the API loads on open; a named modal dialog', async () => {
    view = mount(
      `<p><a class="open-video" href="https://www.youtube.com/watch?v=XHOmBV4js_E" title="Making of the hoodie">Watch</a></p>`,
    );
    uninstall = installVideos(view.root, { clock, apis: APIS });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(providerRequests()).to.deep.equal([]);
    expect(providerElements()).to.deep.equal([]);
    const link = view.root.querySelector<HTMLAnchorElement>('a')!;
    link.focus();
    link.click();
    const dialog = openDialog()!;
    expect(dialog.open).to.equal(true);
    expect(dialog.matches(':modal')).to.equal(true);
    expect(dialog.getAttribute('aria-label')).to.equal('Making of the hoodie');
    await waitUntil(() => frame(dialog), 'the player');
    expect(providerRequests().some((name) => name.includes('/__video/youtube/iframe_api'))).to.equal(true);
    const src = new URL(frame(dialog)!.dataset.providerSrc!);
    expect(src.origin).to.equal('https://www.youtube-nocookie.com');
    expect(src.pathname).to.equal('/embed/XHOmBV4js_E');
    expect(src.searchParams.get('autoplay')).to.equal('1');
    expect(frame(dialog)!.title).to.equal('Making of the hoodie');
    expect(location.hash).to.equal('');
  });

  it('Escape closes the dialog and stops the video; focus returns to the link', async () => {
    view = mount(`<p><a class="open-video" href="https://youtu.be/XHOmBV4js_E">Watch</a></p>`);
    uninstall = installVideos(view.root, { clock, apis: APIS });
    const link = view.root.querySelector<HTMLAnchorElement>('a')!;
    link.focus();
    link.click();
    await waitUntil(() => frame(openDialog()!), 'the player');
    expect(openDialog()!.getAttribute('aria-label')).to.equal('Video');
    const before = calls().length;
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !openDialog(), 'closed');
    expect(calls().slice(before)).to.deep.equal([
      'stopVideo youtube XHOmBV4js_E',
      'destroy youtube XHOmBV4js_E',
    ]);
    expect(frame()).to.equal(null);
    expect(document.activeElement).to.equal(link);
  });

  it('the page builder widget with a lightbox: the overlay is a button; Enter opens Vimeo (dnt); Close stops it', async () => {
    view = mount(widget({ video_type: 'vimeo', vimeo_url: 'https://vimeo.com/76979871', lightbox: 'yes' }));
    uninstall = installVideos(view.root, { clock, apis: APIS });
    expect(providerRequests().filter((n) => n.includes('vimeo'))).to.deep.equal([]);
    const overlay = view.root.querySelector<HTMLElement>('.elementor-custom-embed-image-overlay')!;
    expect([
      overlay.getAttribute('role'),
      overlay.tabIndex,
      overlay.getAttribute('aria-label'),
    ]).to.deep.equal(['button', 0, 'Play video']);
    overlay.focus();
    await sendKeys({ press: 'Enter' });
    const dialog = openDialog()!;
    expect(dialog.matches(':modal')).to.equal(true);
    expect(dialog.getAttribute('aria-label')).to.equal('Making of the hoodie');
    await waitUntil(() => frame(dialog), 'the player');
    expect(providerRequests().some((n) => n.includes('/__video/vimeo/player.js'))).to.equal(true);
    const src = new URL(frame(dialog)!.dataset.providerSrc!);
    expect(src.href.startsWith('https://player.vimeo.com/video/76979871')).to.equal(true);
    expect(src.searchParams.get('dnt')).to.equal('1');
    const before = calls().length;
    dialog.querySelector<HTMLButtonElement>('.shop-video-dialog__close')!.click();
    expect(openDialog()).to.equal(null);
    await waitUntil(() => calls().length >= before + 2, 'stopped');
    expect(calls().slice(before)).to.deep.equal(['unload vimeo 76979871', 'destroy vimeo 76979871']);
    expect(document.activeElement).to.equal(overlay);
  });

  it('the page builder widget without a lightbox plays inline in the overlay’s place, focus on the player', async () => {
    view = mount(
      widget(
        { video_type: 'youtube', youtube_url: 'https://www.youtube.com/watch?v=XHOmBV4js_E' },
        true,
        false,
      ),
    );
    uninstall = installVideos(view.root, { clock, apis: APIS });
    const overlay = view.root.querySelector<HTMLElement>('.elementor-custom-embed-image-overlay')!;
    overlay.click();
    expect(openDialog()).to.equal(null);
    expect(overlay.hidden).to.equal(true);
    await waitUntil(() => frame(view.root), 'the inline player');
    expect(view.root.querySelector('.elementor-video')!.contains(frame(view.root))).to.equal(true);
    expect(document.activeElement).to.equal(frame(view.root));
    uninstall();
    uninstall = () => {};
    expect(frame(view.root)).to.equal(null);
    expect(overlay.hidden).to.equal(false);
  });

  it('a widget without an overlay gets a Play video button instead of an embed: no request until pressed', async () => {
    view = mount(
      widget(
        { video_type: 'youtube', youtube_url: 'https://www.youtube.com/watch?v=XHOmBV4js_E' },
        false,
        false,
      ),
    );
    const seen = providerRequests().length;
    uninstall = installVideos(view.root, { clock, apis: APIS });
    const button = view.root.querySelector<HTMLButtonElement>('button.shop-video-play')!;
    expect(button.textContent).to.equal('Play video');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(providerRequests().length).to.equal(seen);
    expect(frame(view.root)).to.equal(null);
    button.click();
    await waitUntil(() => frame(view.root), 'the inline player');
  });

  it('the link action lightbox {type: video} opens the video dialog', async () => {
    (window as unknown as Record<string, unknown>).video_player_apis = APIS;
    view = mount(
      `<p><a href="${actionHash('lightbox', { type: 'video', url: 'https://vimeo.com/76979871' })}">Film</a></p>`,
    );
    const actions = installLinkActions({ runAddressHash: false });
    try {
      await actions.run(parseActionHash(view.root.querySelector('a')!.getAttribute('href')!)!);
      await waitUntil(() => openDialog(), 'the dialog');
      await waitUntil(() => frame(openDialog()!), 'the player');
      expect(
        frame(openDialog()!)!.dataset.providerSrc!.startsWith('https://player.vimeo.com/video/76979871'),
      ).to.equal(true);
    } finally {
      actions.dispose();
      delete (window as unknown as Record<string, unknown>).video_player_apis;
    }
  });

  it('an API that cannot be loaded: an alert with a link to the video on the provider’s site', async () => {
    view = mount(`<p><a class="open-video" href="https://vimeo.com/1234567">Watch</a></p>`);
    uninstall = installVideos(view.root, { clock, apis: { vimeo: '/__video/missing.js' } });
    const vimeo = (window as unknown as { Vimeo?: unknown }).Vimeo;
    delete (window as unknown as { Vimeo?: unknown }).Vimeo;
    try {
      view.root.querySelector<HTMLAnchorElement>('a')!.click();
      await waitUntil(() => openDialog()?.querySelector('[role="alert"]'), 'the failure');
      const alert = openDialog()!.querySelector('[role="alert"]')!;
      expect(alert.textContent).to.contain('The video could not be loaded.');
      expect(alert.querySelector('a')!.getAttribute('href')).to.equal('https://vimeo.com/1234567');
    } finally {
      (window as unknown as { Vimeo?: unknown }).Vimeo = vimeo;
    }
  });

  it('data-settings that is not JSON: one console message naming the behaviour and the field; left as printed', () => {
    view = mount(widget('{"video_type":"youtube"'));
    uninstall = installVideos(view.root, { clock, apis: APIS });
    expect(messages).to.have.length(1);
    expect(String(messages[0][0])).to.contain('video').and.to.contain('data-settings');
    expect(
      view.root.querySelector('.elementor-custom-embed-image-overlay')!.hasAttribute('aria-label'),
    ).to.equal(false);
  });

  it('passes axe: the widget, and the open dialog', async function () {
    this.timeout(20000);
    view = mount(widget({ video_type: 'vimeo', vimeo_url: 'https://vimeo.com/76979871', lightbox: 'yes' }));
    uninstall = installVideos(view.root, { clock, apis: APIS });
    await expect(view.root).to.be.accessible();
    view.root.querySelector<HTMLElement>('.elementor-custom-embed-image-overlay')!.click();
    await waitUntil(() => frame(openDialog()!), 'the player');
    await expect(openDialog()!).to.be.accessible();
  });
});
