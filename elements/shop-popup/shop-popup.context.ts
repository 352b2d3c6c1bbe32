import { readPageData } from '../../shared/stores/page-data.ts';
import { browserOf, type DisplayContext, deviceOf } from './shop-popup.rules.ts';

/**
 * What the display checks read about the visitor and the page (spec §5, §6: the user's roles are
 * supplied by the page). The page prints `elementorFrontendConfig.user.roles` for a logged-in
 * user (no `user` for a visitor) and `ElementorProFrontendConfig.gmt_offset` (the site's UTC
 * offset in hours) as globals, or under the same names in `<script id="shop-config">`.
 */
export function pageContext(
  win: Window = window,
): Omit<DisplayContext, 'pageViews' | 'sessions' | 'impressions' | 'now'> {
  const doc = win.document;
  const frontend = readPageData('elementorFrontendConfig', doc) as
    | { user?: { roles?: unknown } | null }
    | undefined;
  const pro = readPageData('ElementorProFrontendConfig', doc) as { gmt_offset?: unknown } | undefined;
  const user = frontend && typeof frontend === 'object' ? frontend.user : undefined;
  const roles =
    user && typeof user === 'object' ? (Array.isArray(user.roles) ? user.roles.map(String) : []) : null;
  const offsetHours = Number(pro && typeof pro === 'object' ? pro.gmt_offset : 0);
  return {
    referrer: doc.referrer,
    host: win.location.hostname,
    device: deviceOf(win.innerWidth),
    browser: browserOf(win.navigator.userAgent),
    roles,
    siteOffsetMinutes: Number.isFinite(offsetHours) ? Math.round(offsetHours * 60) : 0,
  };
}
