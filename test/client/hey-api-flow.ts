/**
 * The service's flows written as a user of a @hey-api/openapi-ts client writes them, against the client
 * generated from the committed document into ./generated (see ../hey-api-client.test.ts). Compiled
 * with --strict before it runs: no casts, so every field read here is one the document declares.
 */
import type { Test } from 'tap'
import { type Client, createClient } from '../../openapi/hey-api/client/index.js'
import {
  confirmTotp,
  createTodo,
  deleteTodo,
  getSecondFactorStatus,
  getUser,
  listSessions,
  listTodos,
  login,
  logout,
  refreshTokens,
  register,
  removeTotp,
  startTotpEnrolment,
  updateTodo,
  verifySecondFactor,
} from '../../openapi/hey-api/sdk.gen.js'
import type { LoginError, LoginErrors } from '../../openapi/hey-api/types.gen.js'
import { codeAt, STEP_MS } from '../mfa.js'

export const clientFor = (baseUrl: string): Client => createClient({ baseUrl })

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` })

/** Register, log in, read oneself, refresh (and see the used token refused), list sessions, log out. */
export async function accountFlow(t: Test, client: Client, email: string) {
  const password = 'correct horse battery'
  const registered = await register({ client, body: { name: 'Hey Client', email, password } })
  t.equal(registered.response?.status, 200, 'register answers 200')
  if (!registered.data) throw new Error(`register: ${JSON.stringify(registered.error)}`)
  const { user } = registered.data.data
  t.same(user.roles, ['user'])

  const taken = await register({ client, body: { name: 'Hey Client', email, password } })
  t.equal(taken.response?.status, 409, 'the same email again is 409')
  t.equal(taken.error?.error.code, 'CONFLICT')

  const session = await login({ client, body: { email, password } })
  if (!session.data) throw new Error(`login: ${JSON.stringify(session.error)}`)
  const answer = session.data.data
  // One of two shapes: `mfa_required` narrows the answer to the session.
  if (answer.mfa_required) throw new Error('login: a second factor was asked for')
  const { access_token, refresh_token } = answer
  t.equal(session.response?.headers.get('cache-control'), 'no-store', 'tokens are not cached')

  const me = await getUser({ client, path: { id: user.id }, headers: bearer(access_token) })
  t.equal(me.data?.data.email, email, 'a user reads their own record')

  const rotated = await refreshTokens({ client, body: { refresh_token } })
  if (!rotated.data) throw new Error(`refresh: ${JSON.stringify(rotated.error)}`)
  t.not(rotated.data.data.refresh_token, refresh_token, 'the refresh token rotates')
  const reused = await refreshTokens({ client, body: { refresh_token: 'f'.repeat(64) } })
  t.equal(reused.response?.status, 401, 'an unknown refresh token is refused')
  t.equal(reused.error?.error.message, 'Invalid or expired refresh token')

  const sessions = await listSessions({ client, headers: bearer(rotated.data.data.access_token) })
  t.equal(sessions.data?.data.length, 2, 'registration and login each started a session')
  t.equal(sessions.data?.data.filter((one) => one.current).length, 1, 'one of them is the caller’s')

  const out = await logout({ client, headers: bearer(rotated.data.data.access_token) })
  t.equal(out.data?.data.message, 'Successfully logged out')
  const after = await refreshTokens({ client, body: { refresh_token: rotated.data.data.refresh_token } })
  t.equal(after.response?.status, 401, 'logout ends every session')
  return { email, password }
}

/** Log in, then create, list, update and delete a todo; the plain error shape on a missing one. */
export async function todoFlow(t: Test, client: Client, email: string, password: string) {
  const session = await login({ client, body: { email, password } })
  if (!session.data) throw new Error(`login: ${JSON.stringify(session.error)}`)
  const answer = session.data.data
  if (answer.mfa_required) throw new Error('login: a second factor was asked for')
  const headers = bearer(answer.access_token)
  const created = await createTodo({ client, headers, body: { title: '  Buy milk  ' } })
  t.equal(created.response?.status, 201, 'create answers 201')
  if (!created.data) throw new Error(`create: ${JSON.stringify(created.error)}`)
  t.equal(created.data.title, 'Buy milk', 'the title is trimmed')

  const updated = await updateTodo({ client, headers, path: { id: created.data.id }, body: { completed: true } })
  t.equal(updated.data?.completed, true)

  const listed = await listTodos({ client, headers, query: { limit: 10 } })
  t.equal(listed.data?.total, 1)
  t.equal(listed.data?.todos[0]?.id, created.data.id)

  const deleted = await deleteTodo({ client, headers, path: { id: created.data.id } })
  t.equal(deleted.response?.status, 204, 'delete answers 204')
  const gone = await deleteTodo({ client, headers, path: { id: created.data.id } })
  t.equal(gone.response?.status, 404)
  t.same(gone.error, { error: 'todo not found' }, 'the todo routes answer in the plain shape')
}

/** How a client tells its 429 from the other failures of a login, by the code only a 429 carries. */
const isRateLimited = (body: LoginError): body is LoginErrors[429] => body.error.code === 'TOO_MANY_REQUESTS'
/** Turn TOTP on, log in with a code as the second step, then turn it off with a recovery code. */
export async function totpFlow(t: Test, client: Client, email: string, password: string) {
  const registered = await register({ client, body: { name: 'Hey Second Factor', email, password } })
  if (!registered.data) throw new Error(`register: ${JSON.stringify(registered.error)}`)
  const headers = bearer(registered.data.data.access_token)
  const started = await startTotpEnrolment({ client, headers, body: { password } })
  if (!started.data) throw new Error(`enrolment: ${JSON.stringify(started.error)}`)
  const { secret } = started.data.data
  const now = Date.now()
  const confirmed = await confirmTotp({ client, headers, body: { code: codeAt(secret, now) } })
  if (!confirmed.data) throw new Error(`confirm: ${JSON.stringify(confirmed.error)}`)
  const [recoveryCode] = confirmed.data.data.recovery_codes
  t.equal(confirmed.data.data.recovery_codes.length, 10, 'ten recovery codes')

  const first = await login({ client, body: { email, password } })
  if (!first.data) throw new Error(`login: ${JSON.stringify(first.error)}`)
  const challenge = first.data.data
  if (!challenge.mfa_required) return t.fail('login: expected a second-factor challenge')
  t.equal(challenge.expires_in, 300)
  const verified = await verifySecondFactor({
    client,
    body: { mfa_token: challenge.mfa_token, code: codeAt(secret, now + STEP_MS) },
  })
  if (!verified.data) throw new Error(`verify: ${JSON.stringify(verified.error)}`)
  const session = verified.data.data
  if (session.mfa_required) return t.fail('verify: expected a session')
  t.equal(session.token_type, 'Bearer', 'the second step answers as login does')

  const wrong = await verifySecondFactor({ client, body: { mfa_token: challenge.mfa_token, code: '000000' } })
  t.equal(wrong.response?.status, 401, 'a used mfa_token is refused')
  const status = await getSecondFactorStatus({ client, headers: bearer(session.access_token) })
  t.same(status.data?.data, { totp: true, recovery_codes_left: 10, passkeys: 0 })
  const removed = await removeTotp({
    client,
    headers: bearer(session.access_token),
    body: { password, recovery_code: recoveryCode },
  })
  t.equal(removed.response?.status, 204, 'removed with a recovery code')
  const plain = await login({ client, body: { email, password } })
  t.equal(plain.data?.data.mfa_required, false, 'the password alone signs in again')
}

/** Logins until the bucket is empty: the 429 branch, with its Retry-After and details. */
export async function rateLimitedBranch(t: Test, client: Client, email: string, password: string, limit: number) {
  for (let i = 0; i < limit; i++) await login({ client, body: { email, password } })
  const limited = await login({ client, body: { email, password } })
  if (limited.response?.status !== 429 || !limited.error)
    return t.fail(`expected a 429, got ${limited.response?.status}`)
  t.equal(limited.error.error.code, 'TOO_MANY_REQUESTS')
  t.equal(limited.error.error.message, 'Rate limit exceeded')
  if (!isRateLimited(limited.error)) return t.fail('a 429 answers with its own envelope')
  // Typed by the document: this does not compile while `details` is `unknown`.
  const { retry_after, limit: bucket, window } = limited.error.error.details
  t.ok(retry_after >= 1, 'details.retry_after')
  t.equal(bucket, limit, 'details.limit')
  t.match(window, /^\d/, 'details.window')
  t.ok(Number(limited.response?.headers.get('retry-after')) >= 1, 'Retry-After says when to come back')
  t.equal(limited.response?.headers.get('x-ratelimit-remaining'), '0')

  const todos = await listTodos({ client, headers: bearer('any') })
  if (todos.response?.status !== 429 || !todos.error) return t.fail(`expected a 429, got ${todos.response?.status}`)
  if (!('retry_after' in todos.error)) return t.fail('the todo routes’ 429 carries retry_after')
  t.equal(todos.error.error, 'rate limit exceeded', 'the todo routes’ plain variant')
  t.ok(todos.error.retry_after >= 1)
}

/** A database that cannot be reached: the 503 branch, on an enveloped route and on a todo route. */
export async function unavailableBranch(t: Test, client: Client, email: string, accessToken: string) {
  const registered = await register({ client, body: { name: 'Hey Client', email, password: 'correct horse battery' } })
  if (registered.response?.status !== 503 || !registered.error)
    return t.fail(`expected a 503, got ${registered.response?.status}`)
  t.equal(registered.error.error.code, 'SERVICE_UNAVAILABLE')
  t.equal(registered.error.error.message, 'Service temporarily unavailable')

  const created = await createTodo({ client, headers: bearer(accessToken), body: { title: 'Later' } })
  if (created.response?.status !== 503 || !created.error)
    return t.fail(`expected a 503, got ${created.response?.status}`)
  t.same(created.error, { error: 'Service temporarily unavailable' }, 'the todo routes’ plain 503')
}
