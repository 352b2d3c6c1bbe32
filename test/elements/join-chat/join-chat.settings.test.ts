import { expect } from '@open-wc/testing';
import { joinChatSettings } from '../../../elements/join-chat/join-chat.settings.ts';

describe('join-chat settings', () => {
  it('parses {} to the documented defaults', () => {
    const s = joinChatSettings.parse({});
    expect(s.telephone).to.equal('');
    expect(s.button_delay).to.equal(3);
    expect(s.message_delay).to.equal(10);
    expect(s.message_views).to.equal(1);
    expect(s.data_layer).to.equal('dataLayer');
    expect(s.ga_event).to.equal('generate_lead');
    expect(s.cta_viewed).to.equal(undefined);
    expect(s.messages).to.deep.equal({
      button: 'Open chat',
      dialog: 'Chat',
      close: 'Close chat',
      badge: '1 new message',
      log: 'Messages',
      typing: 'Typing…',
      optinRequired: 'Please accept the conditions first.',
    });
  });

  it("accepts Joinchat's data-settings as printed by the plugin", () => {
    const s = joinChatSettings.parse({
      telephone: '+34 600 11 22 33',
      mobile_only: false,
      button_delay: '-1',
      message_delay: 5,
      message_views: '2',
      message_hash: '1a2b3c',
      message_badge: 'yes',
      message_send: 'Hi <jc-sku>X</jc-sku>',
      whatsapp_web: true,
      qr: true,
      data_layer: 'dataLayer',
      ga_event: 'generate_lead',
      gads: 'AW-123456/abcDEF',
      cta_viewed: false,
      sku: 123,
    });
    expect(s.telephone).to.equal('34600112233');
    expect(s.button_delay).to.equal(-1);
    expect(s.message_views).to.equal(2);
    expect(s.message_badge).to.equal(true);
    expect(s.sku).to.equal('123');
  });

  it('rejects a telephone that does not parse, and bad numbers', () => {
    expect(joinChatSettings.safeParse({ telephone: '+34 600 CALL ME' }).success).to.equal(false);
    expect(joinChatSettings.safeParse({ message_views: 0 }).success).to.equal(false);
    expect(joinChatSettings.safeParse({ button_delay: 'soon' }).success).to.equal(false);
    expect(joinChatSettings.safeParse({ gads: 'javascript:alert(1)' }).success).to.equal(false);
  });
});
