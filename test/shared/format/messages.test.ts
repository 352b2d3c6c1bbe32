import { expect } from '@open-wc/testing';
import * as z from 'zod/mini';
import { parseSettings } from '../../../shared/define-element.tsx';
import { messagesSchema, textsFrom } from '../../../shared/format/messages.ts';

describe('shared/format/messages', () => {
  describe('messagesSchema', () => {
    it('defaults every text and drops keys it does not know', () => {
      const schema = z.object({ messages: messagesSchema({ add: 'Add', remove: 'Remove' }) });
      expect(z.parse(schema, {}).messages).to.deep.equal({ add: 'Add', remove: 'Remove' });
      expect(z.parse(schema, { messages: { add: 'Hinzufügen', later: 'x' } }).messages).to.deep.equal({
        add: 'Hinzufügen',
        remove: 'Remove',
      });
    });

    it("with 'more', keeps other string keys (the texts of parts that load later)", () => {
      const schema = z.object({ messages: messagesSchema({ add: 'Add' }, 'more') });
      expect(z.parse(schema, { messages: { chooseDate: 'Datum wählen' } }).messages).to.deep.equal({
        add: 'Add',
        chooseDate: 'Datum wählen',
      });
    });

    it("with 'more', reports a text that is not a string by its key and keeps the rest", () => {
      const schema = z.object({ messages: messagesSchema({ add: 'Add' }, 'more') });
      const { value, errors } = parseSettings(schema, {
        messages: { add: 'Dazu', imageClose: 5, chooseDate: 'Datum wählen' },
      });
      expect(errors).to.have.length(1);
      expect(errors[0]).to.match(/^messages\.imageClose: /);
      expect(value.messages).to.deep.equal({ add: 'Dazu', chooseDate: 'Datum wählen' });
    });
  });

  describe('textsFrom', () => {
    it('takes each default unless the messages set a non-empty string for it', () => {
      const defaults = { close: 'Close', next: 'Next', previous: 'Previous' };
      expect(textsFrom(defaults, { close: 'Schließen', next: '', previous: 3, other: 'x' })).to.deep.equal({
        close: 'Schließen',
        next: 'Next',
        previous: 'Previous',
      });
      expect(defaults.close).to.equal('Close');
    });
  });
});
