import { expect } from '@open-wc/testing';
import { buildChatLink, isChatLink, parsePhone } from '../../../elements/join-chat/join-chat.link.ts';

describe('join-chat phone and link', () => {
  it('parses written numbers into international digits', () => {
    expect(parsePhone('+34 600 11-22-33')).to.equal('34600112233');
    expect(parsePhone('(34) 600.112.233')).to.equal('34600112233');
    expect(parsePhone('0034600112233')).to.equal('34600112233');
    expect(parsePhone('34600112233')).to.equal('34600112233');
  });

  it('refuses letters, stray plus signs, wrong lengths and national numbers', () => {
    expect(parsePhone('34600abc233')).to.equal(null);
    expect(parsePhone('34+600112233')).to.equal(null);
    expect(parsePhone('123456')).to.equal(null);
    expect(parsePhone('1234567890123456')).to.equal(null);
    expect(parsePhone('0600112233')).to.equal(null);
    expect(parsePhone('34600112233?text=x')).to.equal(null);
  });

  it('builds the app link (wa.me) and the WhatsApp Web link', () => {
    expect(buildChatLink({ phone: '34600112233', text: 'Hola & adiós' })).to.equal(
      'https://wa.me/34600112233?text=Hola+%26+adi%C3%B3s',
    );
    expect(buildChatLink({ phone: '+34 600112233' })).to.equal('https://wa.me/34600112233');
    expect(buildChatLink({ phone: '34600112233', text: 'Hi', web: true })).to.equal(
      'https://web.whatsapp.com/send?phone=34600112233&text=Hi',
    );
    expect(buildChatLink({ phone: 'evil.example/x' })).to.equal(null);
  });

  it('accepts only https WhatsApp links with the expected parameters', () => {
    expect(isChatLink('https://wa.me/34600112233?text=a')).to.equal(true);
    expect(isChatLink('http://wa.me/34600112233')).to.equal(false);
    expect(isChatLink('https://wa.me.evil.example/34600112233')).to.equal(false);
    expect(isChatLink('https://wa.me/34600112233?redirect=x')).to.equal(false);
    expect(isChatLink('https://web.whatsapp.com/send?phone=abc')).to.equal(false);
    expect(isChatLink('not a url')).to.equal(false);
  });
});
