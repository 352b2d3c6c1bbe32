import { expect } from '@open-wc/testing';
import {
  chatEventParams,
  sendChatEvent,
  truncateParams,
} from '../../../elements/join-chat/join-chat.analytics.ts';

describe('join-chat chat events (spec §5, §7)', () => {
  const long = (n: number) => 'x'.repeat(n + 50);

  it('truncates location 1000, referrer 420, title 300, other strings 100', () => {
    const out = truncateParams({
      page_location: long(1000),
      page_referrer: long(420),
      page_title: long(300),
      chat_message: long(100),
      count: 12345,
      flag: true,
    });
    expect(out.page_location.length).to.equal(1000);
    expect(out.page_referrer.length).to.equal(420);
    expect(out.page_title.length).to.equal(300);
    expect(out.chat_message.length).to.equal(100);
    expect(out.count).to.equal(12345);
    expect(out.flag).to.equal(true);
    expect(truncateParams({ s: `${'a'.repeat(99)}😀😀` }).s).to.equal(`${'a'.repeat(99)}😀`);
  });

  const params = () =>
    chatEventParams({
      link: 'https://wa.me/34600112233?text=Hi',
      phone: '34600112233',
      message: 'Hi',
      isMobile: false,
      location: `https://shop.test/?q=${'y'.repeat(1200)}`,
      title: 'T'.repeat(400),
    });
  const options = { data_layer: 'dataLayer', ga_event: 'generate_lead', gads: 'AW-1/abc' };
  function page() {
    const calls: unknown[][] = [];
    const pixel: unknown[][] = [];
    const dataLayer: unknown[] = [
      ['config', 'G-TEST1'],
      ['config', 'AW-1'],
      ['js', new Date('2026-11-30T21:00:00Z')], // gtag.js's first command (its value is not read)
    ];
    const win = {
      dataLayer,
      gtag: (...args: unknown[]) => void calls.push(args),
      fbq: (...args: unknown[]) => void pixel.push(args),
      google_tag_data: { tidr: { destination: { 'GT-TAG2': {}, 'G-TEST1': {} } } },
    };
    return { win, calls, pixel, dataLayer };
  }

  it('sends nothing without consent', () => {
    const { win, calls, pixel, dataLayer } = page();
    const report = sendChatEvent(win, params(), options, { statistics: 'denied', marketing: 'denied' });
    expect(report).to.deep.equal({ dataLayer: false, ga4Tags: [], gads: false, pixel: false });
    expect(calls).to.have.length(0);
    expect(pixel).to.have.length(0);
    expect(dataLayer).to.have.length(3);
  });

  it('statistics: the data layer push and one truncated GA4 event per GA4 tag', () => {
    const { win, calls, pixel, dataLayer } = page();
    const report = sendChatEvent(win, params(), options, { statistics: 'granted', marketing: 'denied' });
    expect(report.ga4Tags).to.deep.equal(['GT-TAG2', 'G-TEST1']);
    expect(calls.map((c) => [c[0], c[1]])).to.deep.equal([
      ['event', 'generate_lead'],
      ['event', 'generate_lead'],
    ]);
    const ga = calls[0][2] as Record<string, string>;
    expect(ga).to.include({ send_to: 'GT-TAG2', transport_type: 'beacon', event_category: 'JoinChat' });
    expect(ga.page_location.length).to.equal(1000);
    expect(ga.page_title.length).to.equal(300);
    expect(ga.event_action).to.equal('whatsapp: 34600112233');
    const pushed = dataLayer.at(-1) as Record<string, unknown>;
    expect(pushed).to.include({ event: 'JoinChat', event_label: 'https://wa.me/34600112233?text=Hi' });
    expect(pushed).not.to.have.property('event_category');
    expect((pushed.page_title as string).length).to.equal(400); // the GTM push is not truncated
    expect(pixel).to.have.length(0);
  });

  it('marketing: the Google Ads conversion and the Meta Pixel event only', () => {
    const { win, calls, pixel, dataLayer } = page();
    const report = sendChatEvent(win, params(), options, { statistics: 'denied', marketing: 'granted' });
    expect(report).to.deep.equal({ dataLayer: false, ga4Tags: [], gads: true, pixel: true });
    expect(calls).to.deep.equal([['event', 'conversion', { send_to: 'AW-1/abc' }]]);
    expect(pixel[0][0]).to.equal('trackCustom');
    expect(pixel[0][1]).to.equal('JoinChat');
    expect(dataLayer).to.have.length(3);
  });

  it('defines gtag over the data layer with the arguments object when the page has none', () => {
    const dataLayer: unknown[] = [];
    const win: Record<string, unknown> = { myLayer: dataLayer };
    sendChatEvent(
      win,
      params(),
      { ...options, data_layer: 'myLayer' },
      { statistics: 'granted', marketing: 'granted' },
    );
    expect(typeof win.gtag).to.equal('function');
    const conversion = dataLayer[0] as IArguments;
    expect(Object.prototype.toString.call(conversion)).to.equal('[object Arguments]');
    expect([...conversion]).to.deep.equal(['event', 'conversion', { send_to: 'AW-1/abc' }]);
    expect(dataLayer[1]).to.include({ event: 'JoinChat' });
  });
});
