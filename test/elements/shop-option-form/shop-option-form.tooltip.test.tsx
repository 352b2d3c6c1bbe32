import { expect, fixture, html } from '@open-wc/testing';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Tooltip, TooltipClock } from '../../../elements/shop-option-form/shop-option-form.tooltip.view.tsx';
import { type FakeClock, fakeClock } from '../../helpers/clock.ts';

// React's act() outside a test framework it knows.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The option form's tooltip (spec §9 "Tooltip hide delay 300 ms"), on an injected clock. */
describe('<shop-option-form> tooltip', () => {
  let root: Root;
  let clock: FakeClock;
  let holder: HTMLElement;

  beforeEach(async () => {
    holder = await fixture<HTMLElement>(html`<div></div>`);
    clock = fakeClock();
    root = createRoot(holder);
    act(() =>
      root.render(
        <TooltipClock.Provider value={clock}>
          <Tooltip text="Up to 20 letters" label="About Engraving" />
        </TooltipClock.Provider>,
      ),
    );
  });
  afterEach(() => act(() => root.unmount()));

  const button = () => holder.querySelector<HTMLButtonElement>('[part="tooltip-button"]')!;
  const tip = () => holder.querySelector<HTMLElement>('[role="tooltip"]')!;
  const tick = (ms: number) => act(() => clock.tick(ms));

  it('hides 300 ms after focus leaves (299 ms: still shown)', () => {
    act(() => button().focus());
    expect(tip().hidden).to.equal(false);
    act(() => button().blur());
    tick(299);
    expect(tip().hidden).to.equal(false);
    tick(1);
    expect(tip().hidden).to.equal(true);
  });

  it('hides 300 ms after the pointer leaves, unless it reaches the tooltip first', () => {
    act(() =>
      button().dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body })),
    );
    expect(tip().hidden).to.equal(false);
    act(() =>
      button().dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body })),
    );
    tick(200);
    // The pointer reaches the tooltip within the delay: it stays.
    act(() =>
      tip().dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body })),
    );
    tick(500);
    expect(tip().hidden).to.equal(false);
    act(() =>
      tip().dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body })),
    );
    tick(299);
    expect(tip().hidden).to.equal(false);
    tick(1);
    expect(tip().hidden).to.equal(true);
    expect(clock.pending).to.equal(0);
  });
});
