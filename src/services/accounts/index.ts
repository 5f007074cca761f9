import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import type { AccountTokensRepository } from '../../db/repositories/account-tokens.js'
import type { PasskeysRepository } from '../../db/repositories/passkeys.js'
import type { SecondFactorRepository } from '../../db/repositories/second-factor.js'
import type { TodosRepository } from '../../db/repositories/todos.js'
import type { UsersRepository } from '../../db/repositories/users.js'
import type { LoginThrottle } from '../login-throttle.js'
import type { Mailer } from '../mail.js'
import type { PasswordHasher } from '../passwords.js'
import type { RegistrationThrottle } from '../registration-throttle.js'
import type { SecretBox } from '../secret-box.js'
import type { SecurityEvents } from '../security-events.js'
import type { TokenService } from '../tokens.js'
import { administration } from './administration.js'
import { emailVerification } from './email-verification.js'
import { login } from './login.js'
import { mfaLogin } from './mfa-login.js'
import { passkeys, type RelyingParty } from './passkeys.js'
import { passwordChange } from './password-change.js'
import { passwordReset } from './password-reset.js'
import { records } from './records.js'
import { registration } from './registration.js'
import { secondFactor } from './second-factor.js'
import { sessions } from './sessions.js'

export type { Revocation, SessionRecord } from '../../db/repositories/refresh-tokens.js'
export type { ListUsersOptions, UserRecord } from '../../db/repositories/users.js'
export type { IssuedTokens } from '../tokens.js'

/** What the account flows are built from; each flow takes the part it needs. */
export interface AccountDeps {
  db: Db
  users: UsersRepository
  todos: TodosRepository
  accountTokens: AccountTokensRepository
  passwords: PasswordHasher
  tokens: TokenService
  loginThrottle: LoginThrottle
  registrationThrottle: RegistrationThrottle
  events: SecurityEvents
  secondFactor: SecondFactorRepository
  passkeys: PasskeysRepository
  /** The relying party passkeys are bound to: WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS, or PUBLIC_URL's. */
  relyingParty: RelyingParty
  /** Seals TOTP secrets; undefined while MFA_ENCRYPTION_KEY is unset (enrolment is then a 503). */
  secretBox: SecretBox | undefined
  /** The issuer an authenticator app shows beside the account. */
  mfaIssuer: string
  mailer: Mailer
  /** The lifetimes of emailed links, and whether an unverified address may sign in. */
  settings: Pick<Config['mail'], 'passwordResetTtlMs' | 'emailVerificationTtlMs' | 'verification'>
  /** The wall clock: every time the flows write comes from it. */
  now: () => Date
}

/**
 * The account verbs the routes and the administration tools speak for, one flow per file: registration,
 * login, sessions, password changes and resets, the users' records, administration, the second factor,
 * passkeys. Every verb takes its input and
 * the `Actor` (services/actor.ts), records what happened on the app's security events, and fails with
 * the error catalogue's errors. A verb that hashes takes the request's `gone` signal, so bcrypt work
 * whose request has gone is dropped.
 */
export function createAccountService(deps: AccountDeps) {
  return {
    ...registration(deps),
    ...login(deps),
    ...mfaLogin(deps),
    ...sessions(deps),
    ...passwordChange(deps),
    ...passwordReset(deps),
    ...emailVerification(deps),
    ...records(deps),
    ...administration(deps),
    ...secondFactor(deps),
    ...passkeys(deps),
  }
}

export type AccountService = ReturnType<typeof createAccountService>
