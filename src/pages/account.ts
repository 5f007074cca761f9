import { createHash } from 'node:crypto'

/**
 * The pages an emailed link opens (docs/contract.md, Email and account recovery): static HTML with one
 * inline style and one inline script each, allowed by their hashes; no outside assets. The token never
 * enters the HTML: the script reads it from the address and takes it out of the browser history.
 */

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1d1d1f; }
h1 { font-size: 1.4rem; }
label { display: block; margin-top: 1rem; }
input { width: 100%; box-sizing: border-box; padding: .5rem; font: inherit; }
button { margin-top: 1.25rem; padding: .6rem 1.2rem; font: inherit; cursor: pointer; }
#status { margin-top: 1.25rem; min-height: 1.5rem; }
.error { color: #b00020; }
.done { color: #0a7d32; }
`

/** Shared by both scripts: the token from the address, then out of the history; the API's answer. */
const COMMON_SCRIPT = `
const token = new URLSearchParams(location.search).get('token') || '';
history.replaceState(null, '', location.pathname);
const status = document.getElementById('status');
const say = (text, kind) => { status.textContent = text; status.className = kind || ''; };
async function call(path, body) {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => ({})) };
  } catch {
    return { status: 0, body: {} };
  }
}
function failure(result) {
  const error = (result.body && result.body.error) || {};
  if (error.code === 'INVALID_TOKEN') return 'This link has expired or was already used. Ask for a new one.';
  if (error.code === 'VALIDATION_ERROR' && error.details) return Object.values(error.details).join(' ');
  if (result.status === 429) return 'Too many attempts. Please wait a while and try again.';
  if (result.status === 0) return 'The service could not be reached. Check your connection and try again.';
  return 'Something went wrong. Please try again later.';
}
`

const RESET_SCRIPT = `${COMMON_SCRIPT}
const form = document.getElementById('reset');
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const password = form.elements.password.value;
  if (password !== form.elements.confirm.value) return say('The passwords don’t match.', 'error');
  form.elements.submit.disabled = true;
  say('Saving…');
  const result = await call('/api/v1/auth/password-reset/confirm', { token, password });
  if (result.status === 200) {
    form.hidden = true;
    return say('Your password has been changed, and every other session signed out. You can sign in with it now.', 'done');
  }
  form.elements.submit.disabled = false;
  say(failure(result), 'error');
});
`

const VERIFY_SCRIPT = `${COMMON_SCRIPT}
const button = document.getElementById('verify');
button.addEventListener('click', async () => {
  button.disabled = true;
  say('Confirming…');
  const result = await call('/api/v1/auth/email/verify', { token });
  if (result.status === 200) {
    button.hidden = true;
    return say('Your email address is confirmed.', 'done');
  }
  button.disabled = false;
  say(failure(result), 'error');
});
`

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

const page = (title: string, body: string, script?: string) => `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${title}</h1>
${body}
${script ? `<script>${script}</script>` : ''}
</body>
</html>
`

export const RESET_PASSWORD_PAGE = page(
  'Choose a new password',
  `<form id="reset" novalidate>
<label>New password <input name="password" type="password" autocomplete="new-password" required></label>
<label>Repeat it <input name="confirm" type="password" autocomplete="new-password" required></label>
<button name="submit" type="submit">Set the password</button>
</form>
<p id="status" role="status"></p>`,
  RESET_SCRIPT,
)

export const VERIFY_EMAIL_PAGE = page(
  'Confirm your email address',
  `<p>Confirm that this email address belongs to your account.</p>
<button id="verify" type="button">Confirm my email address</button>
<p id="status" role="status"></p>`,
  VERIFY_SCRIPT,
)

/** A link whose token is missing or malformed: nothing to finish, so no script. */
export const BROKEN_LINK_PAGE = page(
  'This link is incomplete',
  `<p class="error">The link has no valid token. Open the link from the mail again, copying all of it, or ask for a new one.</p>`,
)

/** The pages' policy: their own inline style and script by hash, calls to this origin, nothing else. */
export const PAGE_CSP = [
  "default-src 'none'",
  `script-src ${hash(RESET_SCRIPT)} ${hash(VERIFY_SCRIPT)}`,
  `style-src ${hash(STYLE)}`,
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')
