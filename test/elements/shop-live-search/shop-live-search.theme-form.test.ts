import { expect, fixture, html } from '@open-wc/testing';
import { liveSearchSettings } from '../../../elements/shop-live-search/shop-live-search.settings.ts';
import {
  hideOutsideForm,
  readThemeForm,
  resultsUrl,
  submitThemeForm,
} from '../../../elements/shop-live-search/shop-live-search.theme-form.ts';

const settings = liveSearchSettings.parse({});

describe('<shop-live-search> theme form', () => {
  it('reads the form inside the host: label, placeholder, value, categories, button', async () => {
    const host = await fixture<HTMLDivElement>(html`
      <div>
        <form class="searchform" action="/">
          <label for="f">Find</label><input id="f" name="s" placeholder="Type…" value="cap" />
          <select name="product_cat" aria-label="Kind">
            <option value="">All</option><option value="bags" selected>Bags</option>
          </select>
          <input type="submit" value="Go" />
        </form>
      </div>
    `);
    const theme = readThemeForm(host, settings);
    expect(theme.outside).to.equal(false);
    expect([
      theme.label,
      theme.placeholder,
      theme.value,
      theme.categoryLabel,
      theme.category,
      theme.button,
    ]).to.deep.equal(['Find', 'Type…', 'cap', 'Kind', 'bags', 'Go']);
    expect(theme.categories).to.deep.equal([
      { value: '', label: 'All' },
      { value: 'bags', label: 'Bags' },
    ]);
  });

  it('falls back to the messages without a form', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const theme = readThemeForm(host, settings);
    expect(theme.form).to.equal(null);
    expect([theme.label, theme.placeholder, theme.button]).to.deep.equal([
      'Search for:',
      'Search products…',
      'Search',
    ]);
    expect(submitThemeForm(theme, 'x', '')).to.equal(false);
  });

  it('hides a form beside the host while running and submits it with the typed values', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`
      <div>
        <form class="searchform" action="/"><input name="s" /><button>Go</button></form>
        <span></span>
      </div>
    `);
    const form = wrapper.querySelector('form')!;
    const theme = readThemeForm(wrapper.querySelector('span')!, settings);
    expect(theme.outside).to.equal(true);
    const restore = hideOutsideForm(theme);
    expect(form.hidden).to.equal(true);
    const posted: string[] = [];
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      posted.push(String(new FormData(form).get('s')));
    });
    expect(submitThemeForm(theme, 'tote', '')).to.equal(true);
    expect(posted).to.deep.equal(['tote']);
    restore();
    expect(form.hidden).to.equal(false);
  });

  it('builds the results page URL, only from an http(s) action', () => {
    const base = 'https://shop.test/a/';
    expect(resultsUrl('/', base, 'mug & co', '')).to.equal(
      'https://shop.test/?s=mug+%26+co&post_type=product',
    );
    expect(resultsUrl('search/', base, 'x', 'bags')).to.equal(
      'https://shop.test/a/search/?s=x&product_cat=bags&post_type=product',
    );
    expect(resultsUrl('javascript:alert(1)', base, 'x', '')).to.equal(
      'https://shop.test/?s=x&post_type=product',
    );
  });
});
