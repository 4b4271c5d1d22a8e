/**
 * The security headers of the built app (issue 18): served by `vite preview` and documented in the
 * README for whoever hosts the build. Kept in one place so the preview server, the meta tag in the built
 * `index.html` and the tests agree.
 *
 * Why each directive:
 * - `script-src 'self' 'wasm-unsafe-eval'`: no inline scripts; WebAssembly (parquet-wasm, codecs) needs
 *   `wasm-unsafe-eval` to compile, nothing needs `unsafe-eval`.
 * - `worker-src 'self' blob:`: the engine runs in module workers from the app's origin.
 * - `connect-src *` (plus blob:/data:): the app talks to any bucket the user names — S3, OSS, R2, MinIO,
 *   a public URL — so the origin list cannot be known here.
 * - `style-src 'self' 'unsafe-inline'`: React writes `style` attributes; no user data reaches CSS text.
 * - `img-src 'self' data: blob:`: the favicon is a data URI; charts are inline SVG.
 * - `object-src 'none'`, `base-uri 'self'`, `form-action 'none'`: nothing embeds plugins, rebases links or
 *   posts forms.
 * - `frame-ancestors 'none'` only as a header: a `<meta>` CSP cannot carry it (CSP3 §6.4.2).
 */

/** The Content-Security-Policy directives shared by the header and the meta tag (no frame-ancestors). */
export const CSP_DIRECTIVES: readonly string[] = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "connect-src * blob: data:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
];

/** The policy for a `<meta http-equiv="Content-Security-Policy">` tag. */
export const CSP_META = CSP_DIRECTIVES.join('; ');

/** Every header the built app must be served with. `Referrer-Policy: no-referrer` keeps signed URLs out of Referers. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': [...CSP_DIRECTIVES, "frame-ancestors 'none'"].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};
