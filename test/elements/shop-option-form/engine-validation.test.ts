import { expect } from '@open-wc/testing';
import { BLOCKING_ERRORS, DEFAULT_TEXTS } from '../../../elements/shop-option-form/engine/index.ts';
import { engineOf } from './helpers.ts';

/** Sets `value` on a single field and returns its state. */
function check(field: Record<string, unknown>, value: unknown, quantity?: unknown, settings = {}) {
  const e = engineOf([{ elementId: 'f', ...field }], { settings });
  e.update({ type: 'value', id: 'f', value: value as never, quantity: quantity as never });
  return e.field('f')!;
}
const keys = (s: { error: object }) => Object.keys(s.error);
const opts = [{ value: 'a' }, { value: 'b' }, { value: 'c' }];
const mb = 1024 * 1024;

describe('shop-option-form engine: validation', () => {
  it('validNumberError (blocking)', () => {
    const s = check({ type: 'number' }, '12abc');
    expect(keys(s)).to.deep.equal(['validNumberError']);
    expect(s.blocking).to.equal(true);
  });
  it('allowedCharsError strips the characters (non-blocking)', () => {
    const s = check({ type: 'text', allowed_chars: 'a-z ' }, 'ab1 c!');
    expect(s.value).to.equal('ab c');
    expect(keys(s)).to.deep.equal(['allowedCharsError']);
    expect(s.error.allowedCharsError).to.contain('1');
    expect(s.blocking).to.equal(false);
  });
  it('maxlengthError truncates (non-blocking), minlengthError blocks', () => {
    const a = check({ type: 'textarea', maxlength: 3 }, 'abcdef');
    expect([a.value, keys(a), a.blocking]).to.deep.equal(['abc', ['maxlengthError'], false]);
    const b = check({ type: 'email', minlength: 10 }, 'a@b.co');
    expect(keys(b)).to.deep.equal(['minlengthError']);
    expect(b.blocking).to.equal(true);
  });
  it('maxValueError resets to max, minValueError blocks', () => {
    const a = check({ type: 'number', max: 10 }, '15');
    expect([a.value, keys(a), a.blocking]).to.deep.equal(['10', ['maxValueError'], false]);
    const b = check({ type: 'number', min: 5 }, '2');
    expect([keys(b), b.blocking]).to.deep.equal([['minValueError'], true]);
  });
  it('maxFieldsError removes the last pick (non-blocking), minFieldsError blocks', () => {
    const a = check({ type: 'checkbox-group', values: opts, max_options: 2 }, ['a', 'b', 'c']);
    expect([a.value, keys(a), a.blocking]).to.deep.equal([['a', 'b'], ['maxFieldsError'], false]);
    const b = check({ type: 'select', multiple: true, values: opts, min_options: 2 }, ['a']);
    expect([keys(b), b.blocking]).to.deep.equal([['minFieldsError'], true]);
  });
  it('otherFieldError when other is chosen without text (blocking)', () => {
    const s = check({ type: 'radio-group', values: opts, other: true }, ['WCPAOTH ']);
    expect([keys(s), s.blocking]).to.deep.equal([['otherFieldError'], true]);
    expect(keys(check({ type: 'radio-group', values: opts, other: true }, ['WCPAOTH mine']))).to.deep.equal(
      [],
    );
  });
  it('validEmailError: one address, or several with allow_multiple', () => {
    expect(keys(check({ type: 'email' }, 'a@b.co'))).to.deep.equal([]);
    expect(keys(check({ type: 'email' }, 'a@b.co, c@d.co'))).to.deep.equal(['validEmailError']);
    expect(keys(check({ type: 'email', allow_multiple: true }, 'a@b.co, c@d.co e@f.org'))).to.deep.equal([]);
    expect(keys(check({ type: 'email' }, 'nope'))).to.deep.equal(['validEmailError']);
  });
  it('validUrlError needs a domain', () => {
    expect(keys(check({ type: 'url' }, 'https://shop.example.com/x?y=1'))).to.deep.equal([]);
    expect(keys(check({ type: 'url' }, 'example.com'))).to.deep.equal([]);
    expect(keys(check({ type: 'url' }, 'not a url'))).to.deep.equal(['validUrlError']);
  });
  it('requiredError for empty string, false, empty or all-blank array (blocking)', () => {
    expect(keys(check({ type: 'text', required: true }, ''))).to.deep.equal(['requiredError']);
    expect(keys(check({ type: 'checkbox', required: true }, false))).to.deep.equal(['requiredError']);
    expect(keys(check({ type: 'checkbox-group', required: true, values: opts }, [' ', '']))).to.deep.equal([
      'requiredError',
    ]);
    expect(check({ type: 'text', required: true }, '').blocking).to.equal(true);
  });
  it('patternError when the whole value does not match', () => {
    expect(keys(check({ type: 'text', pattern: '[A-Z]{3}' }, 'ABCD'))).to.deep.equal(['patternError']);
    expect(keys(check({ type: 'text', pattern: '[A-Z]{3}' }, 'ABC'))).to.deep.equal([]);
  });
  it('minQuantityError below the minimum (default 1), maxQuantityError clamps', () => {
    expect(keys(check({ type: 'text', enable_quantity: true }, 'x', 0))).to.deep.equal(['minQuantityError']);
    const s = check({ type: 'text', enable_quantity: true, max_quantity: 5 }, 'x', 9);
    expect([s.quantity, keys(s)]).to.deep.equal([5, ['maxQuantityError']]);
  });
  it('file rules: uploadPending, sizes, counts; offending files are cleared', () => {
    const file = (name: string, size: number, uploaded = true) => ({ name, size, uploaded });
    const p = check({ type: 'file', upload_method: 'tus' }, [file('a', 1, false)]);
    expect([keys(p), p.blocking]).to.deep.equal([['uploadPending'], true]);
    expect(keys(check({ type: 'file', upload_method: 'basic' }, [file('a', 1, false)]))).to.deep.equal([]);
    const big = check({ type: 'file', uploadSize: 1 }, [file('big', 2 * mb), file('ok', 10)]);
    expect([(big.value as { name: string }[]).map((f) => f.name), keys(big), big.blocking]).to.deep.equal([
      ['ok'],
      ['maxFileSizeError'],
      false,
    ]);
    expect(big.error.maxFileSizeError).to.contain('1 MB');
    const small = check({ type: 'file', minUploadSize: 1 }, [file('tiny', 10)]);
    expect([(small.value as unknown[]).length, keys(small)]).to.deep.equal([0, ['minFileSizeError']]);
    const many = check({ type: 'file', max_file_count: 1 }, [file('a', 1), file('b', 1)]);
    expect([(many.value as unknown[]).length, keys(many), many.blocking]).to.deep.equal([
      1,
      ['maxFileCountError'],
      false,
    ]);
    const few = check({ type: 'file', min_file_count: 2 }, [file('a', 1)]);
    expect([keys(few), few.blocking]).to.deep.equal([['minFileCountError'], true]);
  });
  it('an empty optional field skips minlength, min_options and min_file_count, as HTML does', () => {
    expect(keys(check({ type: 'text', minlength: 3 }, ''))).to.deep.equal([]);
    expect(keys(check({ type: 'checkbox-group', values: opts, min_options: 2 }, []))).to.deep.equal([]);
    expect(keys(check({ type: 'file', min_file_count: 2 }, []))).to.deep.equal([]);
    // Once something is entered the minimum holds; a required field is refused empty.
    expect(keys(check({ type: 'text', minlength: 3 }, 'ab'))).to.deep.equal(['minlengthError']);
    expect(keys(check({ type: 'checkbox-group', values: opts, min_options: 2 }, ['a']))).to.deep.equal([
      'minFieldsError',
    ]);
    expect(keys(check({ type: 'text', minlength: 3, required: true }, ''))).to.deep.equal(['requiredError']);
  });
  it('date limits come from the picker config; min blocks, max resets', () => {
    const s = check(
      { type: 'date', date_pic_conf: { minDate: '2024-03-10', maxDate: '2024-03-20' } },
      '2024-03-01',
    );
    expect([keys(s), s.inputAttrs.min, s.inputAttrs.max]).to.deep.equal([
      ['minValueError'],
      '2024-03-10',
      '2024-03-20',
    ]);
    const late = check({ type: 'date', max_date: '+2' }, '2024-04-01');
    expect([late.value, keys(late)]).to.deep.equal(['2024-03-17', ['maxValueError']]);
    expect(check({ type: 'time', min_time: '09:00' }, '08:00').error.minValueError).to.be.a('string');
  });
  it('the required flag, maxlength and a char-left counter are passed to the input', () => {
    const s = check({ type: 'text', required: true, maxlength: 10, charleft: true }, 'abc');
    expect(s.inputAttrs).to.include({ required: true, maxlength: 10 });
    expect(s.charLeft).to.equal(7);
  });
  it('checks in spec order and collects several keys', () => {
    const s = check({ type: 'text', maxlength: 5, minlength: 4, pattern: '\\d+' }, 'abcdefg');
    expect(keys(s)).to.deep.equal(['maxlengthError', 'patternError']);
  });
  it('group rules: optionsCount, sumOfValues, totalQuantity, customFormula; min/max may be formulas', () => {
    const mk = (rule: Record<string, unknown>) =>
      engineOf(
        [
          { type: 'number', elementId: 'x' },
          { type: 'number', elementId: 'y' },
          { type: 'checkbox-group', elementId: 'c', values: opts, enable_quantity: true },
        ],
        { extra: { form_rules: [rule] } },
      );
    const sum = mk({ validationType: 'sumOfValues', fields: ['x', 'y'], max: 10 });
    sum.update({ type: 'value', id: 'x', value: '6' });
    expect(sum.state().errors).to.deep.equal([]);
    sum.update({ type: 'value', id: 'y', value: '6' });
    expect(sum.state().errors.map((e) => [e.id, e.key])).to.deep.equal([['sec_1', 'groupMaxError']]);
    expect(sum.state().sections[0].error.groupMaxError).to.contain('10');
    const count = mk({ validationType: 'optionsCount', fields: ['c'], min: '{x.value}' });
    count.update({ type: 'value', id: 'x', value: '2' });
    count.update({ type: 'value', id: 'c', value: ['a'] });
    expect(count.state().errors.map((e) => e.key)).to.deep.equal(['groupMinError']);
    count.update({ type: 'value', id: 'x', value: '1' });
    expect(count.state().errors).to.deep.equal([]);
    const qty = mk({ validationType: 'totalQuantity', fields: ['c'], max: 3 });
    qty.update({ type: 'value', id: 'c', value: ['a', 'b'], quantity: { a: 2, b: 2 } });
    expect(qty.state().errors.map((e) => e.key)).to.deep.equal(['groupMaxError']);
    const f = mk({ validationType: 'customFormula', formula: '{x.value} * {y.value}', min: 10 });
    f.update({ type: 'value', id: 'x', value: '2' });
    f.update({ type: 'value', id: 'y', value: '3' });
    expect(f.state().errors.map((e) => e.key)).to.deep.equal(['groupMinError']);
  });
  it('only visible fields in visible sections are validated', () => {
    const e = engineOf([
      { type: 'text', elementId: 'g' },
      {
        type: 'text',
        elementId: 'f',
        required: true,
        enableCl: true,
        relations: [{ rules: [{ cl_field: 'g', cl_relation: 'is_not_empty' }] }],
      },
    ]);
    expect(e.state().errors).to.deep.equal([]);
    e.update({ type: 'value', id: 'g', value: 'x' });
    expect(e.state().errors.map((x) => x.id)).to.deep.equal(['f']);
  });
  it('messages come from the form texts, with English defaults', () => {
    expect(check({ type: 'text', required: true }, '').error.requiredError).to.equal(
      DEFAULT_TEXTS.requiredError,
    );
    expect(
      check({ type: 'text', required: true }, '', undefined, { texts: { requiredError: 'Pflichtfeld' } })
        .error.requiredError,
    ).to.equal('Pflichtfeld');
    expect(
      check({ type: 'text', maxlength: 2 }, 'abc', undefined, {
        texts: { maxlengthError: 'max {maxlength}' },
      }).error.maxlengthError,
    ).to.equal('max 2');
  });
  it('errors show after blur or a submit attempt; submit reports validity', () => {
    const e = engineOf([
      { type: 'text', elementId: 'a', required: true },
      { type: 'text', elementId: 'b', required: true },
    ]);
    expect(e.field('a')!.showErrors).to.equal(false);
    e.update({ type: 'blur', id: 'a' });
    expect([e.field('a')!.showErrors, e.field('b')!.showErrors]).to.deep.equal([true, false]);
    const r = e.update({ type: 'submit' });
    expect(r.valid).to.equal(false);
    expect(r.errors.map((x) => x.id)).to.deep.equal(['a', 'b']);
    expect(e.field('b')!.showErrors).to.equal(true);
  });
  it('the blocking set is exactly the one the spec marks', () => {
    expect([...BLOCKING_ERRORS].sort()).to.deep.equal(
      [
        'validNumberError',
        'minlengthError',
        'minValueError',
        'minFieldsError',
        'otherFieldError',
        'requiredError',
        'uploadPending',
        'minFileCountError',
        'groupMaxError',
        'groupMinError',
      ].sort(),
    );
  });
});
