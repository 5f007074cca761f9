import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import { CLIENT_IP_MAX, USER_AGENT_MAX } from '../limits.js'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
const deletedAt = () => timestamp('deleted_at', { withTimezone: true })

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /**
     * Moved by every password change (and reset) under the user's row lock: a session stores the
     * version whose password its login verified, and lives only while that version is current.
     */
    credentialVersion: integer('credential_version').notNull().default(0),
    /** Set by a verification link sent to the current email; an email change clears it. */
    emailVerified: boolean('email_verified').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    // Emails are unique among live users regardless of case; a deleted user's email can be reused.
    uniqueIndex('users_email_live_unique').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} IS NULL`),
    // The bcrypt cost of each live hash ("$2b$10$..."): start-up reads the few distinct costs from it,
    // a step per cost, instead of scanning every user.
    index('users_password_cost_live_idx')
      .on(sql`substring(${t.passwordHash} from 5 for 2)`)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
)

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull().unique('roles_name_unique'),
  createdAt: createdAt(),
})

export const userRoles = pgTable(
  'user_roles',
  {
    // The serial id keeps the order in which roles were assigned, which is the order tokens list them.
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_roles_user_role_unique').on(t.userId, t.roleId)],
)

/**
 * One login's session: the family of refresh tokens rotated from it. Its row is the family's one
 * serialisation point: a rotation locks it, and a revocation (reuse, sign-out, logout, deletion) sets
 * `revoked_at` on it under the same lock, so a token minted concurrently dies with its family.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** The last login or refresh, and where it came from: what the sessions list shows. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    clientIp: varchar('client_ip', { length: CLIENT_IP_MAX }),
    userAgent: varchar('user_agent', { length: USER_AGENT_MAX }),
    /** The live token's expiry: the session ends with it unless refreshed. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Rotations so far: the generation of the live token. */
    generation: integer('generation').notNull().default(0),
    /** The user's credential version its login verified: an older one than the user's cannot refresh. */
    credentialVersion: integer('credential_version').notNull().default(0),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    tokenFamily: uuid('token_family')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** The session's generation when this token was issued. */
    generation: integer('generation').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * With REFRESH_TOKEN_REUSE_INTERVAL set: the successor this token was exchanged for, sealed with
     * AES-256-GCM (base64) under a key derived from this token, so only its holder can open it.
     */
    successorSealed: text('successor_sealed'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_unique').on(t.tokenHash),
    index('refresh_tokens_token_family_idx').on(t.tokenFamily),
    index('refresh_tokens_user_id_idx').on(t.userId),
  ],
)

export const todos = pgTable(
  'todos',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    description: varchar('description', { length: 1000 }).notNull().default(''),
    completed: boolean('completed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    // The list query: a user's live todos, newest first.
    index('todos_user_live_idx').on(t.userId, t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} IS NULL`),
  ],
)

/**
 * The audit trail: security events, append-only. No foreign keys: a record outlives what it names, and
 * its insert never waits on a lock of the users table.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    type: varchar('type', { length: 64 }).notNull(),
    /** Whom the event concerns. */
    userId: integer('user_id'),
    /** Who did it: the access token's user; null for the tools and unauthenticated requests. */
    actorId: integer('actor_id'),
    clientIp: varchar('client_ip', { length: CLIENT_IP_MAX }),
    userAgent: varchar('user_agent', { length: USER_AGENT_MAX }),
    requestId: varchar('request_id', { length: 128 }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    // The list's filters, each newest first; the retention purge walks the first.
    index('audit_events_occurred_at_idx').on(t.occurredAt),
    index('audit_events_user_occurred_at_idx').on(t.userId, t.occurredAt),
    index('audit_events_type_occurred_at_idx').on(t.type, t.occurredAt),
  ],
)

/**
 * A user's TOTP factor (docs/contract.md, Second factor): at most one, pending until a first code
 * confirms it. The secret is sealed (services/secret-box.ts), never stored in the clear.
 */
export const totpFactors = pgTable('mfa_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  /** Null while the enrolment waits for its first code. */
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last time step whose code was accepted: a code is accepted once, and never an older one. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
})

/** Recovery codes, stored as SHA-256 digests (each code holds 80 random bits); each works once. */
export const recoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_user_code_unique').on(t.userId, t.codeHash)],
)

/**
 * A password login waiting for its second factor: the `mfa_token`'s SHA-256, whose it is, and the
 * credential version its password verified (the session it ends in belongs to that version).
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialVersion: integer('credential_version').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong codes so far: the token ends at the fifth. */
    failures: integer('failures').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // A user's dead challenges are deleted when the next one is made, so the table holds little more than the live ones.
  (t) => [index('mfa_challenges_user_id_idx').on(t.userId)],
)

/**
 * A user's passkeys (docs/contract.md, Second factor): WebAuthn credentials that sign in with no
 * password. Only the public key is stored; the signature counter is advanced by a compare-and-set, so
 * a cloned authenticator's older counter is refused.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the authenticator gave it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The user handle the authenticator keeps with the credential (base64url): random, one per user. */
    userHandle: varchar('user_handle', { length: 64 }).notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: varchar('name', { length: 64 }).notNull(),
    /** Synced by its provider (a multi-device passkey), as the authenticator said at registration. */
    backedUp: boolean('backed_up').notNull().default(false),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('passkeys_credential_id_unique').on(t.credentialId), index('passkeys_user_id_idx').on(t.userId)],
)

/**
 * WebAuthn ceremonies under way: the challenge's SHA-256, what it is for, and for a registration whose
 * and under which name and user handle. A row is deleted when its challenge is used, so each works once.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challengeHash: varchar('challenge_hash', { length: 64 }).primaryKey(),
    purpose: varchar('purpose', { length: 16 }).$type<'registration' | 'authentication'>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    userHandle: varchar('user_handle', { length: 64 }),
    name: varchar('name', { length: 64 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webauthn_challenges_expires_at_idx').on(t.expiresAt)],
)

/**
 * The tokens of emailed links (password reset, email verification): only their SHA-256 is stored, and
 * a row is deleted when its link is used, so each works once. A new link of a purpose deletes the
 * user's older ones.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 32 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** The address the link went to: a verification proves that address, not a later one. */
    email: varchar('email', { length: 255 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_token_hash_unique').on(t.tokenHash),
    index('account_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
)

/**
 * Mail to send, written in the transaction of the change that causes it, and sent by a worker in every
 * instance. A row is claimed by moving `next_attempt_at` past the send's longest time, under
 * FOR UPDATE SKIP LOCKED, so two instances never send one mail. Once sent (or given up) the bodies,
 * which hold the link, are cleared; recipient, template and times stay for support.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    template: varchar('template', { length: 64 }).notNull(),
    /** The account the mail is about; no foreign key, like the audit trail: the record outlives it. */
    userId: integer('user_id'),
    recipient: varchar('recipient', { length: 255 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    bodyText: text('body_text'),
    bodyHtml: text('body_html'),
    createdAt: createdAt(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Past this the mail is given up: its link has expired by then. */
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 500 }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    // The worker's claim: pending mail in the order it is due.
    index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
    // Housekeeping's: the finished mails in the order they finished.
    index('mail_outbox_finished_idx').on(sql`coalesce(${t.sentAt}, ${t.failedAt})`),
  ],
)

export type UserRow = typeof users.$inferSelect
export type TodoRow = typeof todos.$inferSelect
export type RefreshTokenRow = typeof refreshTokens.$inferSelect
export type SessionRow = typeof sessions.$inferSelect
export type AuditEventRow = typeof auditEvents.$inferSelect
