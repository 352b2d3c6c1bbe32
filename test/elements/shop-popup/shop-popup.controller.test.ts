import { expect } from '@open-wc/testing';
import { atom } from 'nanostores';
import {
  POPUP_FOCUS_DELAY_MS,
  PopupController,
  type PopupControllerOptions,
} from '../../../elements/shop-popup/shop-popup.controller.ts';
import { $popupsOpen, resetPopupRegistry } from '../../../elements/shop-popup/shop-popup.registry.ts';
import type { DisplayContext } from '../../../elements/shop-popup/shop-popup.rules.ts';
import { popupSettings } from '../../../elements/shop-popup/shop-popup.settings.ts';
import { createPopupStorage } from '../../../elements/shop-popup/shop-popup.storage.ts';
import { createSafeStorage } from '../../../shared/storage.ts';
import { fakeClock } from '../../helpers/clock.ts';
import { memoryStorage } from '../../helpers/storage.ts';

const context = (): Omit<DisplayContext, 'pageViews' | 'sessions' | 'impressions' | 'now'> => ({
  referrer: '',
  host: 'shop.test',
  device: 'desktop',
  browser: 'chrome',
  roles: null,
  siteOffsetMinutes: 0,
});

/** Where the fake clock starts (the controller's and the storage's `now` follow it). */
const START = Date.parse('2026-11-30T21:00Z');

/** A popup storage over `local` and `session` whose clock reads `now`. */
const storageOver = (now: () => number, local = memoryStorage(), session = memoryStorage()) =>
  createPopupStorage({
    local: createSafeStorage(() => local),
    session: createSafeStorage(() => session),
    now,
  });

/** The stops of the controllers connected in a test. */
let stops: Array<() => void> = [];
function setup(raw: Record<string, unknown>, over: Partial<PopupControllerOptions> = {}) {
  const clock = fakeClock(START);
  const storage = storageOver(clock.now);
  const settings = atom(popupSettings.parse(raw));
  const changes: Array<[boolean, string | null]> = [];
  const controller = new PopupController({
    settings,
    id: 'p1',
    clock,
    now: clock.now,
    storage,
    context,
    reducedMotion: () => false,
    touch: () => false,
    onChange: (open, trigger) => changes.push([open, trigger]),
    ...over,
  });
  /** Connects the controller, as its element does on connection (stopped after the test). */
  const start = () => {
    stops.push(controller.connect());
  };
  const phase = () => controller.$state.get().phase;
  return { clock, storage, settings, controller, changes, phase, start };
}

let spacer: HTMLElement;
before(() => {
  spacer = document.createElement('div');
  spacer.style.setProperty('height', '5000px');
  document.body.append(spacer);
});
after(() => spacer.remove());
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  resetPopupRegistry();
  window.scrollTo(0, 0);
});

const scrollTo = (y: number) => {
  window.scrollTo(0, y);
  window.dispatchEvent(new Event('scroll'));
};

describe('shop-popup controller', () => {
  describe('triggers (spec §5)', () => {
    it('page load: opens after the delay in seconds', () => {
      const { clock, controller, phase, changes, start } = setup({ triggers: { page_load: { delay: 3 } } });
      start();
      clock.tick(2999);
      expect(phase()).to.equal('hidden');
      clock.tick(1);
      expect(phase()).to.equal('entering');
      expect(changes).to.deep.equal([[true, 'page_load']]);
      expect(controller.firedBy).to.equal('page_load');
    });

    it('scrolling down to an offset percentage', () => {
      const { phase, start } = setup({
        triggers: { scrolling: { direction: 'down', offset: 50 } },
      });
      start();
      const range = document.documentElement.scrollHeight - window.innerHeight;
      scrollTo(range * 0.3);
      expect(phase()).to.equal('hidden');
      scrollTo(range * 0.6);
      expect(phase()).to.equal('entering');
    });

    it('scrolling up: any upward scroll', () => {
      const { phase, start } = setup({ triggers: { scrolling: { direction: 'up' } } });
      start();
      scrollTo(400);
      expect(phase()).to.equal('hidden');
      scrollTo(390);
      expect(phase()).to.equal('entering');
    });

    it('scrolling to a selector', () => {
      const mark = document.createElement('p');
      mark.id = 'popup-mark';
      spacer.append(mark);
      mark.style.setProperty('margin-top', '3000px');
      const { phase, start } = setup({ triggers: { scrolling_to: { selector: '#popup-mark' } } });
      start();
      scrollTo(100);
      expect(phase()).to.equal('hidden');
      scrollTo(3000);
      expect(phase()).to.equal('entering');
      mark.remove();
    });

    it('click count', () => {
      const { phase, start } = setup({ triggers: { click: { times: 3 } } });
      start();
      document.body.click();
      document.body.click();
      expect(phase()).to.equal('hidden');
      document.body.click();
      expect(phase()).to.equal('entering');
    });

    it('inactivity: restarts on activity', () => {
      const { clock, phase, start } = setup({ triggers: { inactivity: { time: 10 } } });
      start();
      clock.tick(9000);
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
      clock.tick(9000);
      expect(phase()).to.equal('hidden');
      clock.tick(1000);
      expect(phase()).to.equal('entering');
    });

    it('exit intent: the pointer leaving through the top', () => {
      const { phase, start } = setup({ triggers: { exit_intent: true } });
      start();
      document.documentElement.dispatchEvent(new MouseEvent('mouseleave', { clientY: 300 }));
      expect(phase()).to.equal('hidden');
      document.documentElement.dispatchEvent(new MouseEvent('mouseleave', { clientY: -2 }));
      expect(phase()).to.equal('entering');
    });

    it('exit intent on touch: a quick upward scroll', () => {
      let time = 0;
      const { phase, start } = setup(
        { triggers: { exit_intent: true } },
        { touch: () => true, now: () => time },
      );
      start();
      scrollTo(1000);
      time = 1000;
      scrollTo(950); // slow and short
      time = 3000;
      scrollTo(900);
      expect(phase()).to.equal('hidden');
      time = 3100;
      scrollTo(780);
      expect(phase()).to.equal('entering');
    });

    it('exit intent on touch: back-navigation intent', async () => {
      const start = location.href;
      const { phase, start: connect } = setup({ triggers: { exit_intent: true } }, { touch: () => true });
      connect();
      expect(history.state.shopPopupExitIntent).to.match(/^p1:/);
      const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      history.back();
      await popped;
      expect(phase()).to.equal('entering');
      expect(location.href).to.equal(start);
    });

    it('adblock detection after a delay (a blocker hides the bait)', () => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('.adsbox { display: none !important; }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      try {
        const { clock, phase, start } = setup({ triggers: { adblock_detection: { delay: 2 } } });
        start();
        clock.tick(1999);
        expect(phase()).to.equal('hidden');
        clock.tick(1);
        expect(phase()).to.equal('entering');
        expect(document.querySelector('.adsbox')).to.equal(null);
      } finally {
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
      }
    });

    it('no adblock: nothing opens and the bait is gone', () => {
      const { clock, phase, start } = setup({ triggers: { adblock_detection: { delay: 1 } } });
      start();
      clock.tick(1000);
      expect(phase()).to.equal('hidden');
      expect(document.querySelector('.adsbox')).to.equal(null);
    });

    it('once one fires the triggers are removed', () => {
      const { clock, controller, changes, start } = setup({
        triggers: { page_load: { delay: 1 }, click: { times: 1 } },
        entrance_animation: 'none',
        exit_animation: 'none',
      });
      start();
      document.body.click();
      controller.close();
      clock.tick(5000);
      document.body.click();
      expect(changes).to.deep.equal([
        [true, 'click'],
        [false, 'click'],
      ]);
      expect(clock.pending).to.equal(0);
    });

    it('installs no trigger when a display check fails', () => {
      const { clock, phase, start } = setup({
        timing: { page_views: 2 },
        triggers: { page_load: { delay: 0 } },
      });
      start();
      clock.tick(10);
      expect(phase()).to.equal('hidden');
    });

    it('a disabled popup (do not show again) stays hidden, even for a link action', () => {
      const { clock, controller, storage, phase, start } = setup({ triggers: { page_load: { delay: 0 } } });
      storage.disable('p1');
      start();
      clock.tick(10);
      controller.open();
      expect(phase()).to.equal('hidden');
    });
  });

  describe('impression limits over the calendar (spec §5, §9 time frames)', () => {
    /**
     * One page view at each ISO time of a popup shown at most once per `period` (opened by page
     * load, closed at once and so counted): whether it opened on each.
     */
    function opensOn(period: 'day' | 'week' | 'month', times: string[]): boolean[] {
      const local = memoryStorage();
      const session = memoryStorage();
      return times.map((iso) => {
        const now = () => Date.parse(iso);
        const { clock, controller, phase, start } = setup(
          {
            timing: { times: { times: 1, period } },
            triggers: { page_load: { delay: 0 } },
            entrance_animation: 'none',
            exit_animation: 'none',
          },
          { now, storage: storageOver(now, local, session) },
        );
        start();
        clock.tick(0);
        const opened = phase() !== 'hidden';
        controller.close();
        clock.tick(0);
        return opened;
      });
    }

    it('once a day: seen at 18:00 on the leap day (America/Los_Angeles), again from 18:00 on 1 March', () => {
      expect(
        opensOn('day', ['2028-02-29T18:00-08:00', '2028-03-01T17:59-08:00', '2028-03-01T18:00-08:00']),
      ).to.deep.equal([true, false, true]);
    });

    it('once a week: seen on 30 November at 21:00, not again in December until 7 December 21:00', () => {
      expect(
        opensOn('week', ['2026-11-30T21:00Z', '2026-12-01T09:00Z', '2026-12-07T20:59Z', '2026-12-07T21:00Z']),
      ).to.deep.equal([true, false, false, true]);
    });

    it("once a month: seen at 23:55 on New Year's Eve (Asia/Kolkata), not again until 31 January 09:59:48", () => {
      expect(
        opensOn('month', [
          '2026-12-31T23:55+05:30',
          '2027-01-01T00:05+05:30',
          '2027-01-31T09:59:47+05:30',
          '2027-01-31T09:59:48+05:30',
        ]),
      ).to.deep.equal([true, false, false, true]);
    });
  });

  describe('opening and closing (spec §3, §4)', () => {
    it('entrance and exit animations last the duration, then the view is counted on close', () => {
      const { clock, controller, phase, storage, changes, start } = setup({
        entrance_animation_duration: 0.5,
      });
      start();
      controller.open();
      expect(phase()).to.equal('entering');
      clock.tick(500);
      expect(phase()).to.equal('shown');
      controller.close();
      expect(phase()).to.equal('leaving');
      expect(storage.impressions('p1', 'session')).to.equal(0);
      clock.tick(500);
      expect(phase()).to.equal('hidden');
      expect(storage.impressions('p1', 'session')).to.equal(1);
      expect(changes).to.deep.equal([
        [true, null],
        [false, null],
      ]);
    });

    it('no animations under reduced motion', () => {
      const { clock, controller, phase, start } = setup({}, { reducedMotion: () => true });
      start();
      controller.open();
      expect(controller.$state.get().animate).to.equal(false);
      clock.tick(0);
      expect(phase()).to.equal('shown');
      controller.close();
      clock.tick(0);
      expect(phase()).to.equal('hidden');
    });

    it('close button after its delay in seconds', () => {
      const { clock, controller, start } = setup({ close_button_delay: 2 });
      start();
      controller.open();
      expect(controller.$state.get().closeButton).to.equal(false);
      clock.tick(2000);
      expect(controller.$state.get().closeButton).to.equal(true);
    });

    it('closes automatically after its seconds', () => {
      const { clock, controller, phase, start } = setup({ close_automatically: 4, exit_animation: 'none' });
      start();
      controller.open();
      clock.tick(3999);
      expect(phase()).not.to.equal('hidden');
      clock.tick(1);
      expect(phase()).to.equal('hidden');
    });

    it('requests focus after 250 ms (spec §9)', () => {
      const { clock, controller, start } = setup({});
      start();
      controller.open();
      clock.tick(POPUP_FOCUS_DELAY_MS - 1);
      expect(controller.$state.get().focusRequest).to.equal(0);
      clock.tick(1);
      expect(controller.$state.get().focusRequest).to.equal(1);
    });

    it('prevent_scroll stops the page scrolling while open, and restores it', () => {
      const { clock, controller, start } = setup({ prevent_scroll: true, exit_animation: 'none' });
      start();
      controller.open();
      expect(document.documentElement.style.getPropertyValue('overflow')).to.equal('hidden');
      controller.close();
      clock.tick(0);
      expect(document.documentElement.style.getPropertyValue('overflow')).to.equal('');
    });

    it('avoid_multiple_popups: not shown when another popup was shown on the page', () => {
      const other = setup({ triggers: { page_load: { delay: 0 } } }, { id: 'other' });
      other.start();
      other.clock.tick(0);
      expect($popupsOpen.get()).to.deep.equal(['other']);
      const { clock, phase, start } = setup({
        avoid_multiple_popups: true,
        triggers: { page_load: { delay: 1 } },
      });
      start();
      clock.tick(1000);
      expect(phase()).to.equal('hidden');
    });

    it('close with do-not-show-again sets the disable flag', () => {
      const { controller, storage, start } = setup({});
      start();
      controller.open();
      controller.close({ doNotShowAgain: true });
      expect(storage.disabled('p1')).to.equal(true);
    });

    it('open_selector: a click on a matching element opens it', () => {
      const button = document.createElement('button');
      button.className = 'open-p1';
      document.body.append(button);
      const { phase, start } = setup({ open_selector: '.open-p1' });
      start();
      document.body.click();
      expect(phase()).to.equal('hidden');
      button.click();
      expect(phase()).to.equal('entering');
      button.remove();
    });
  });

  describe('connect() and its stop (the one controller protocol, DESIGN §3)', () => {
    it('open() before connect() waits for the connection, after the page view and triggers', () => {
      const { controller, phase, storage, changes, start } = setup({ triggers: { page_load: { delay: 1 } } });
      controller.open();
      expect(phase()).to.equal('hidden');
      expect(storage.pageViews()).to.equal(0);
      start();
      expect(storage.pageViews()).to.equal(1);
      expect(phase()).to.equal('entering');
      expect(changes).to.deep.equal([[true, null]]);
    });

    it('close() before connect() takes a waiting open() back', () => {
      const { controller, phase, start } = setup({});
      controller.open();
      controller.close();
      start();
      expect(phase()).to.equal('hidden');
    });

    it('the stop removes triggers, timers and the scroll lock, and leaves it hidden to start over', () => {
      const { clock, controller, phase, changes } = setup({
        prevent_scroll: true,
        triggers: { page_load: { delay: 1 }, click: { times: 1 } },
      });
      const stop = controller.connect();
      clock.tick(1000);
      expect(phase()).to.equal('entering');
      expect($popupsOpen.get()).to.deep.equal(['p1']);
      stop();
      expect(phase()).to.equal('hidden');
      expect(controller.firedBy).to.equal(null);
      expect($popupsOpen.get()).to.deep.equal([]);
      expect(document.documentElement.style.getPropertyValue('overflow')).to.equal('');
      expect(clock.pending).to.equal(0);
      document.body.click();
      expect(phase()).to.equal('hidden');
      // Put back: the triggers again.
      const again = controller.connect();
      document.body.click();
      expect(phase()).to.equal('entering');
      expect(changes).to.deep.equal([
        [true, 'page_load'],
        [true, 'click'],
      ]);
      again();
    });
  });
});
