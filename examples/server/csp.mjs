// The strict Content-Security-Policy every example page is served with (issue 2 §7): no inline
// script or style, no eval. Violations are reported to /__csp-report so a test can read them.
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
  'report-uri /__csp-report',
].join('; ');
