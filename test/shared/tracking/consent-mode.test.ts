import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { installConsentApi, resetConsent, setConsent } from '../../../shared/stores/consent.ts';
import { startConsentMode } from '../../../shared/tracking/consent-mode.ts';

// Issue 21 §3: a decision at start-up is passed to the tracker, a denial as much as a grant; and
// nothing at all on a page without a consent source (the page's consent-mode defaults decide).
type TagWindow = Window & { testTag?: sinon.SinonSpy };
const win = window as TagWindow;

describe('consent mode at start-up (issue 21 §3)', () => {
  let stops: (() => void)[] = [];

  beforeEach(() => {
    resetConsent();
    win.testTag = sinon.spy();
  });
  afterEach(() => {
    for (const stop of stops) stop();
    stops = [];
    delete win.testTag;
    resetConsent();
  });

  const updates = () =>
    win
      .testTag!.getCalls()
      .filter((c) => c.args[0] === 'consent')
      .map((c) => c.args);

  it('passes an explicit denial at start-up to the tracker', () => {
    window.shopConsent = [{ statistics: 'denied', marketing: 'denied' }];
    installConsentApi();
    stops.push(startConsentMode({ trackerName: 'testTag' }));
    expect(updates()).to.deep.equal([
      [
        'consent',
        'update',
        {
          analytics_storage: 'denied',
          ad_storage: 'denied',
          ad_user_data: 'denied',
          ad_personalization: 'denied',
        },
      ],
    ]);
  });

  it('passes a partial decision as it is (no made-up value for the other category)', () => {
    window.shopConsent = [{ marketing: 'denied' }];
    installConsentApi();
    stops.push(startConsentMode({ trackerName: 'testTag' }));
    expect(updates()).to.deep.equal([
      ['consent', 'update', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }],
    ]);
    setConsent({ statistics: 'granted' });
    expect(updates()[1][2]).to.deep.equal({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
  });

  it('sends nothing on a page without a consent source, nor for a source that decided nothing', () => {
    stops.push(startConsentMode({ trackerName: 'testTag' }));
    window.shopConsent = [];
    installConsentApi();
    expect(updates()).to.deep.equal([]);
  });
});
