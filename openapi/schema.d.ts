/**
 * The HTTP API's types, generated from openapi/openapi.json by `npm run openapi`: do not edit.
 * Use them with openapi-fetch: `createClient<paths>({ baseUrl })`.
 */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Overall health (always 200; the status says how it is)
         * @description Runs the same checks as readiness without listing them; `status` is healthy, degraded or unhealthy.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: healthy while the process runs
         * @description Checks nothing but the process: always 200 `healthy`.
         */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness with dependency checks: 503 when unhealthy
         * @description The database check pings and runs `SELECT 1` within HEALTH_TIMEOUT: under 100 ms passes, up to 500 ms warns (degraded), slower or failing fails (unhealthy). `response_time` is `0s` when no connection could be made.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The public keys that verify access tokens (ES256 or EdDSA; empty with HS256)
         * @description A JWK Set (RFC 7517): the signing key and, during a rotation, the previous one. Send the ETag back in `If-None-Match` for a 304 while the keys are unchanged.
         */
        get: operations["getJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account and return a token pair
         * @description Creates a user with the role `user` and starts a session (a new token family). The email is unique among live users regardless of case. Registrations are counted per client address: past the limit the next one is 429 `TOO_MANY_REQUESTS` with `Retry-After`.
         */
        post: operations["register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Authenticate with email and password and return a token pair
         * @description Starts a new session (token family), or, when the account has TOTP on, answers `mfa_required: true` with an `mfa_token` for `POST /api/v1/auth/mfa/verify` and no tokens. Every failure, unknown email included, is the same 401 after the same bcrypt work. Failed logins are counted per account and per client address: past the limit the next attempt is 429 `TOO_MANY_REQUESTS` with `Retry-After`, the same for unknown and known emails, while an address that has logged in to the account before keeps a count of its own. A full password-hashing queue answers 503 `SERVICE_UNAVAILABLE` with `Retry-After`.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a refresh token for a new pair (each token works once)
         * @description The token becomes used and a new pair in the same family is returned. Every failure is 401 `Invalid or expired refresh token`: unknown, revoked, expired or used. Presenting a used token again revokes its whole family.
         */
        post: operations["refreshTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a password reset link
         * @description Answers 202 with the same body, at the same time, whether or not a live account has the address; when one has, a link valid PASSWORD_RESET_TTL is mailed to it, and every older reset link of the account stops working. Requests are counted per address and per client like failed logins (429 past the limit). 503 `SERVICE_UNAVAILABLE` `Email delivery is not configured` when the service has no SMTP server.
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a reset link’s token and return a token pair
         * @description Uses the token up, sets the password (the registration rules apply), ends every session of the account and starts a new one, as a login does; the account is mailed a notice. A weak password is refused before the token is used.
         */
        post: operations["confirmPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/email/verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail the caller a new email verification link
         * @description Mails a link valid EMAIL_VERIFICATION_TTL to the caller’s address, ending the older links; an address already verified is sent nothing, with the same answer. Requests are counted per address and per client like failed logins (429 past the limit). 503 `SERVICE_UNAVAILABLE` `Email delivery is not configured` when the service has no SMTP server.
         */
        post: operations["requestEmailVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/email/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify the email address with a verification link’s token
         * @description Uses the token up and marks the address verified (`email_verified`), as long as it is still the account’s address. New access tokens carry `email_verified: true`.
         */
        post: operations["verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke every refresh token of the caller
         * @description Signs the caller out everywhere: every refresh token of the user stops working. Any body is ignored.
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller’s active sessions
         * @description One session per login or registration that can still be refreshed. Never shows a token.
         */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Sign one session out: its refresh tokens stop working
         * @description Logout signs out everywhere; this signs out one device. Access tokens already issued stay valid until they expire.
         */
        delete: operations["revokeSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/mfa/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The login’s second step: a code or a recovery code for the `mfa_token`
         * @description Send the `mfa_token` of the login answer with `code` (six digits from the authenticator app) or `recovery_code`, never both. Answers as login does: a new session, bound to the password the login verified. The token is single use and lives 5 minutes; the fifth wrong code ends it. Wrong codes count in the login throttle for the account and address, like failed logins (429 past the limit).
         */
        post: operations["verifySecondFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/mfa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What second factors the caller has
         * @description Whether TOTP is on (a password login then asks for a code), how many unused recovery codes are left, and how many passkeys are registered.
         */
        get: operations["getSecondFactorStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/mfa/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a TOTP enrolment: a new secret, pending until a code confirms it
         * @description Needs the account’s password. Starting again replaces a pending enrolment. The secret is stored sealed (AES-GCM under MFA_ENCRYPTION_KEY) and shown only in this answer; a server without that key answers 503 `SERVICE_UNAVAILABLE` saying so. Wrong passwords count in the login throttle for the account and address, like failed logins: past the limit the answer is 429 with `Retry-After`.
         */
        post: operations["startTotpEnrolment"];
        /**
         * Turn TOTP off, with the password and a code
         * @description Needs the password and either `code` or `recovery_code`. Removes the secret and every recovery code. Wrong codes count like wrong passwords. Wrong passwords count in the login throttle for the account and address, like failed logins: past the limit the answer is 429 with `Retry-After`.
         */
        delete: operations["removeTotp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/mfa/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn TOTP on with a first code, and get ten recovery codes
         * @description The code must come from the pending secret (one 30-second step of drift either way), within 30 minutes of the enrolment’s start; its step counts as used. The ten recovery codes are shown this once and stored only as digests; each works once in place of a code.
         */
        post: operations["confirmTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys/authentication/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Begin a passkey sign-in: the options for navigator.credentials.get()
         * @description Pass `data` to `PublicKeyCredential.parseRequestOptionsFromJSON()` and the result to `navigator.credentials.get({ publicKey })`. No credentials are listed and no email is asked for: the browser offers the passkeys it holds for this relying party. User verification is required. Options are the standard WebAuthn JSON forms; the challenge is single use and lives 5 minutes. The relying party and the allowed origins are PUBLIC_URL’s (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS).
         */
        post: operations["getPasskeyAuthenticationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys/authentication": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish a passkey sign-in: answers like login
         * @description The body is the bare `AuthenticationResponseJSON` (`credential.toJSON()`); its challenge is found through `clientDataJSON`. The assertion must answer a live challenge from an allowed origin, be signed by a registered passkey with user verification, and carry a signature counter past the stored one. A passkey sign-in needs no second factor: the answer is a new session, as a login's. Every refusal is the same 401 (the reason is in the service's log). Options are the standard WebAuthn JSON forms; the challenge is single use and lives 5 minutes. The relying party and the allowed origins are PUBLIC_URL’s (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS).
         */
        post: operations["signInWithPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys/registration/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Begin adding a passkey: the options for navigator.credentials.create()
         * @description Pass `data` to `PublicKeyCredential.parseCreationOptionsFromJSON()` and the result to `navigator.credentials.create({ publicKey })`, then send the credential's `toJSON()` to /api/v1/auth/passkeys/registration. A discoverable credential with user verification is asked for, and none of the caller's passkeys again. `name` (optional; default "Passkey N") is what the list will show. Options are the standard WebAuthn JSON forms; the challenge is single use and lives 5 minutes. The relying party and the allowed origins are PUBLIC_URL’s (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS).
         */
        post: operations["getPasskeyRegistrationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys/registration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish adding a passkey: the new credential, as the browser made it
         * @description The body is the bare `RegistrationResponseJSON` (`credential.toJSON()`); its challenge is found through `clientDataJSON`, and must be a live one given to the caller. The attestation is verified against the relying party, its origins and user verification; only the public key is kept. Options are the standard WebAuthn JSON forms; the challenge is single use and lives 5 minutes. The relying party and the allowed origins are PUBLIC_URL’s (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS).
         */
        post: operations["registerPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller’s passkeys
         * @description Oldest first. Never shows a key.
         */
        get: operations["listPasskeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete one of the caller’s passkeys: it signs in no more
         * @description Sessions it started go on; sign them out through /api/v1/auth/sessions.
         */
        delete: operations["deletePasskey"];
        options?: never;
        head?: never;
        /**
         * Rename one of the caller’s passkeys
         * @description The name is what the list shows: 1 to 64 printable characters.
         */
        patch: operations["renamePasskey"];
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users (administrators only), paginated
         * @description Live users, filtered by a case-insensitive `search` of name or email and by `role`, sorted and paged; `meta` carries the page and its links.
         */
        get: operations["listUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a user (your own, or any as an administrator)
         * @description A user who is not an administrator may read only their own record; any other id is 403 before any lookup.
         */
        get: operations["getUser"];
        /**
         * Update a user’s name or email
         * @description Fields left out stay unchanged. The same rules as registration apply to each field sent.
         */
        put: operations["updateUser"];
        post?: never;
        /**
         * Delete a user: soft delete, revoking its tokens and deleting its todos
         * @description The user disappears from every read and its refresh tokens stop working; its access tokens authenticate until they expire.
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/mfa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Take every second factor off a user (administrators only)
         * @description For a user who lost every factor: removes their TOTP, recovery codes and passkeys, so the password alone signs in again. Administrators only, their own id included; the caller’s stored record must hold `admin`. A user without any factor is a 204 too. Recorded in the audit trail as `mfa.reset`.
         */
        delete: operations["removeSecondFactors"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change your own password: every other session ends, yours goes on with a fresh pair
         * @description Only the owner may change a password, administrators included (403 `Forbidden user ID` for any other id). A wrong `current_password` is the login 401 after the same bcrypt work. Access tokens already issued to other sessions stay valid until they expire; their refresh tokens stop working at once.
         */
        put: operations["changePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List audit events (administrators only), newest first, paginated
         * @description Security events: registrations, logins and failed logins (with the reason), refresh-token reuse, logouts, session sign-outs, password changes, deletions, role changes by the administration tools, and administrators’ reads and changes of other users. Kept for `AUDIT_RETENTION`.
         */
        get: operations["listAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/todos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller’s todos, newest first
         * @description Every todo unless `limit` is given; `total` counts them all whatever the page.
         */
        get: operations["listTodos"];
        put?: never;
        /**
         * Create a todo for the caller
         * @description The todo belongs to the caller; `description` is `""` when not given.
         */
        post: operations["createTodo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/todos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one of the caller’s todos
         * @description Another user’s todo is 403; a missing or deleted one 404.
         */
        get: operations["getTodo"];
        /**
         * Update one of the caller’s todos (omitted fields keep their values)
         * @description Omitted fields keep their values.
         */
        put: operations["updateTodo"];
        post?: never;
        /**
         * Delete one of the caller’s todos
         * @description A soft delete: the todo disappears from every read.
         */
        delete: operations["deleteTodo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Meta: {
            /** @description The request’s id, as in the X-Request-ID header */
            request_id: string;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.000Z
             */
            timestamp: string;
        };
        PageMeta: {
            /** @description The request’s id, as in the X-Request-ID header */
            request_id: string;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.000Z
             */
            timestamp: string;
            /** Format: int32 */
            page: number;
            /** Format: int32 */
            per_page: number;
            /** Format: int32 */
            total: number;
            /** Format: int32 */
            total_pages: number;
            links: {
                self: string;
                first: string;
                last: string;
                next: string | null;
                prev: string | null;
            };
        };
        /** @description A failure on an enveloped route */
        ErrorEnvelope: {
            /** @enum {boolean} */
            success: false;
            error: {
                /**
                 * @description The error code; each has one HTTP status
                 * @enum {string}
                 */
                code: "VALIDATION_ERROR" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "REQUEST_TIMEOUT" | "PAYLOAD_TOO_LARGE" | "TOO_MANY_REQUESTS" | "INTERNAL_ERROR" | "SERVICE_UNAVAILABLE" | "INVALID_TOKEN";
                /** @description Human-readable; the fixed messages are named in each response */
                message: string;
                /** @description VALIDATION_ERROR: capitalised field name → message; TOO_MANY_REQUESTS: `{retry_after, limit, window}` (RateLimitDetails); INTERNAL_ERROR: cause text in development only */
                details?: unknown;
                /**
                 * Format: date-time
                 * @example 2026-11-22T10:00:00.000Z
                 */
                timestamp: string;
                /** @description The request path, without the query */
                path: string;
                /** @description The request’s id, as in the X-Request-ID header */
                request_id: string;
            };
        };
        RateLimitDetails: {
            /**
             * Format: int64
             * @description Whole seconds until a request is allowed, as in Retry-After
             */
            retry_after: number;
            /**
             * Format: int32
             * @description Requests the bucket holds: RATE_LIMIT_REQUESTS, or the login throttle’s
             */
            limit: number;
            /** @description The time the bucket takes to refill, as a duration such as `1m` */
            window: string;
        };
        /** @description The client’s bucket is empty, on an enveloped route */
        RateLimitedEnvelope: {
            /** @enum {boolean} */
            success: false;
            error: {
                /** @enum {string} */
                code: "TOO_MANY_REQUESTS";
                /** @enum {string} */
                message: "Rate limit exceeded";
                details: components["schemas"]["RateLimitDetails"];
                /**
                 * Format: date-time
                 * @example 2026-11-22T10:00:00.000Z
                 */
                timestamp: string;
                /** @description The request path, without the query */
                path: string;
                /** @description The request’s id, as in the X-Request-ID header */
                request_id: string;
            };
        };
        User: {
            /** Format: int32 */
            id: number;
            /** @example Ada Lovelace */
            name: string;
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            /** @description Whether a verification link sent to this address was opened; an email change clears it */
            email_verified: boolean;
            /**
             * @description In the order they were assigned
             * @example [
             *       "user"
             *     ]
             */
            roles: string[];
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.000Z
             */
            updated_at: string;
        };
        TokenPair: {
            /** @description A JWT signed with HS256 (JWT_SECRET) or with the signing key (ES256 or EdDSA) */
            access_token: string;
            /** @description 32 random bytes as 64 hex characters; usable once */
            refresh_token: string;
            /** @enum {string} */
            token_type: "Bearer";
            /**
             * Format: int64
             * @description Access token lifetime in seconds
             * @example 900
             */
            expires_in: number;
        };
        AuthResult: {
            /** @description A JWT signed with HS256 (JWT_SECRET) or with the signing key (ES256 or EdDSA) */
            access_token: string;
            /** @description 32 random bytes as 64 hex characters; usable once */
            refresh_token: string;
            /** @enum {string} */
            token_type: "Bearer";
            /**
             * Format: int64
             * @description Access token lifetime in seconds
             * @example 900
             */
            expires_in: number;
            user: components["schemas"]["User"];
        };
        LoginSession: {
            /** @description A JWT signed with HS256 (JWT_SECRET) or with the signing key (ES256 or EdDSA) */
            access_token: string;
            /** @description 32 random bytes as 64 hex characters; usable once */
            refresh_token: string;
            /** @enum {string} */
            token_type: "Bearer";
            /**
             * Format: int64
             * @description Access token lifetime in seconds
             * @example 900
             */
            expires_in: number;
            user: components["schemas"]["User"];
            /**
             * @description Always false here: the login is complete
             * @enum {boolean}
             */
            mfa_required: false;
        };
        MfaChallenge: {
            /**
             * @description Always true here: send a code to /api/v1/auth/mfa/verify
             * @enum {boolean}
             */
            mfa_required: true;
            /** @description 32 random bytes as hex: single use, for 5 minutes, and ended by the fifth wrong code */
            mfa_token: string;
            /** @description What /api/v1/auth/mfa/verify accepts: `code` (totp) or `recovery_code` */
            methods: ("totp" | "recovery_code")[];
            /**
             * Format: int64
             * @description Seconds the `mfa_token` stays valid
             * @example 300
             */
            expires_in: number;
        };
        LogoutResult: {
            /** @enum {string} */
            message: "Successfully logged out";
        };
        Accepted: {
            /** @description What happens next; the same whatever the request named */
            message: string;
        };
        Session: {
            /**
             * Format: uuid
             * @description The session: one login’s chain of refresh tokens
             */
            id: string;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description The last login or refresh of the session
             * @example 2026-11-22T10:00:00.000Z
             */
            last_used_at: string;
            client_ip: string | null;
            user_agent: string | null;
            /** @description True for the session of the access token making this request */
            current: boolean;
        };
        SecondFactorStatus: {
            /** @description TOTP is on: a password login asks for a code */
            totp: boolean;
            /**
             * Format: int32
             * @description Unused recovery codes
             */
            recovery_codes_left: number;
            /**
             * Format: int32
             * @description Registered passkeys
             */
            passkeys: number;
        };
        TotpEnrolment: {
            /** @description The shared secret in base32, for typing into an authenticator app */
            secret: string;
            /** @description The same secret as an `otpauth://totp/` URI, for a QR code; treat it as the secret */
            otpauth_uri: string;
        };
        RecoveryCodes: {
            /** @description Ten single-use codes, shown this once: only their digests are stored */
            recovery_codes: string[];
        };
        Passkey: {
            /** Format: int32 */
            id: number;
            name: string;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.000Z
             */
            created_at: string;
            last_used_at: string | null;
            /** @description Synced by its provider to the user’s other devices */
            backed_up: boolean;
            /** @description How the browser can reach the authenticator */
            transports: string[];
        };
        PasskeyCreationOptions: {
            rp: {
                id?: string;
                name: string;
            };
            user: {
                /** @description The account’s user handle: random, the same for all its passkeys */
                id: string;
                name: string;
                displayName: string;
            };
            /** @description Single use, for 5 minutes */
            challenge: string;
            pubKeyCredParams: {
                /** Format: int32 */
                alg: number;
                /** @enum {string} */
                type: "public-key";
            }[];
            /**
             * Format: int32
             * @description Milliseconds
             */
            timeout?: number;
            /** @description The account’s passkeys */
            excludeCredentials?: {
                /** @description A credential id */
                id: string;
                /** @description `public-key` */
                type: string;
                transports?: string[];
            }[];
            authenticatorSelection?: {
                residentKey?: string;
                requireResidentKey?: boolean;
                userVerification?: string;
                authenticatorAttachment?: string;
            } & {
                [key: string]: unknown;
            };
            attestation?: string;
            hints?: string[];
            extensions?: {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        PasskeyRequestOptions: {
            /** @description Single use, for 5 minutes */
            challenge: string;
            /**
             * Format: int32
             * @description Milliseconds
             */
            timeout?: number;
            rpId?: string;
            /** @description Empty: the browser offers the user’s discoverable passkeys */
            allowCredentials?: {
                /** @description A credential id */
                id: string;
                /** @description `public-key` */
                type: string;
                transports?: string[];
            }[];
            userVerification?: string;
            hints?: string[];
            extensions?: {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        AuditEvent: {
            /** Format: int32 */
            id: number;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.000Z
             */
            occurred_at: string;
            /** @enum {string} */
            type: "user.registered" | "login.succeeded" | "login.failed" | "refresh.reused" | "logout" | "session.revoked" | "password.changed" | "password.change_failed" | "user.read" | "user.updated" | "user.deleted" | "users.listed" | "role.granted" | "role.revoked" | "login.mfa_required" | "mfa.verify_failed" | "mfa.totp_enrolment_started" | "mfa.totp_enabled" | "mfa.totp_removed" | "mfa.recovery_code_used" | "mfa.reset" | "mfa.passkey_added" | "mfa.passkey_renamed" | "mfa.passkey_removed" | "password.reset_requested" | "password.reset" | "email.verified" | "email.changed" | "mail.failed";
            user_id: number | null;
            actor_id: number | null;
            client_ip: string | null;
            user_agent: string | null;
            request_id: string | null;
            /**
             * @description What the type adds (never a secret): e.g. the reason and attempted email of a failed login
             * @example {
             *       "reason": "wrong_password",
             *       "email": "ada@example.com"
             *     }
             */
            details: {
                [key: string]: unknown;
            };
        };
        Todo: {
            /**
             * Format: int32
             * @example 42
             */
            id: number;
            /** @example Buy milk */
            title: string;
            /** @description "" when none was given */
            description: string;
            completed: boolean;
            /**
             * Format: int32
             * @description The owner, taken from the access token
             */
            user_id: number;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.000Z
             */
            updated_at: string;
        };
        TodoError: {
            /** @example todo not found */
            error: string;
        };
        TodoRateLimited: {
            /** @enum {string} */
            error: "rate limit exceeded";
            /** @enum {string} */
            message: "Rate limit exceeded";
            /**
             * Format: int64
             * @description Seconds until a request is allowed again
             */
            retry_after: number;
        };
        CheckResult: {
            /**
             * @description `database`; `shutdown` fails readiness while the instance drains (SERVER_SHUTDOWN_DELAY)
             * @enum {string}
             */
            name: "database" | "shutdown";
            /** @enum {string} */
            status: "pass" | "warn" | "fail";
            /**
             * @description `0s` when no connection could be made
             * @example 1.234ms
             */
            response_time: string;
            message: string;
        };
        Health: {
            /** @enum {string} */
            status: "healthy" | "degraded" | "unhealthy";
            /** @example 1.0.0 */
            version: string;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.000Z
             */
            timestamp: string;
            /** @example 3h 25m 10s */
            uptime: string;
        };
        Readiness: {
            /** @enum {string} */
            status: "healthy" | "degraded" | "unhealthy";
            /** @example 1.0.0 */
            version: string;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.000Z
             */
            timestamp: string;
            /** @example 3h 25m 10s */
            uptime: string;
            checks: components["schemas"]["CheckResult"][];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The overall status */
            200: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description `Internal server error`: an unexpected failure */
            500: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process runs */
            200: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description `Internal server error`: an unexpected failure */
            500: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Healthy or degraded: ready for traffic */
            200: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description `Internal server error`: an unexpected failure */
            500: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unhealthy (or shutting down): take the instance out of rotation */
            503: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
        };
    };
    getJwks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key set */
            200: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description `public, max-age=300`, or half the access-token lifetime when shorter */
                    "Cache-Control": string;
                    /** @description Send it in `If-None-Match` to get a 304 while the keys are unchanged */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The signing key and, during a rotation, the previous one. Empty with HS256. */
                        keys: {
                            /**
                             * @description `EC` for ES256, `OKP` for EdDSA
                             * @enum {string}
                             */
                            kty: "EC" | "OKP";
                            /**
                             * @description `P-256` for ES256, `Ed25519` for EdDSA
                             * @enum {string}
                             */
                            crv: "P-256" | "Ed25519";
                            /** @description The public key (base64url) */
                            x: string;
                            /** @description base64url; EC keys only */
                            y?: string;
                            /** @description The key’s RFC 7638 thumbprint, named in the `kid` header of the tokens it signs */
                            kid: string;
                            alg: "ES256" | "EdDSA";
                            /** @enum {string} */
                            use: "sig";
                        }[];
                    };
                };
            };
            /** @description Not modified: the ETag still matches */
            304: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description `public, max-age=300`, or half the access-token lifetime when shorter */
                    "Cache-Control": string;
                    /** @description Send it in `If-None-Match` to get a 304 while the keys are unchanged */
                    ETag: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Internal server error`: an unexpected failure */
            500: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ada Lovelace",
                 *       "email": "ada@example.com",
                 *       "password": "analytical engine"
                 *     }
                 */
                "application/json": {
                    /** @description 2 to 100 characters after trimming; no control characters or bidirectional controls */
                    name: string;
                    /**
                     * Format: email
                     * @description Unique among live users regardless of case; stored as given (trimmed)
                     * @example ada@example.com
                     */
                    email: string;
                    /** @description At least 6 characters and at most 72 bytes of UTF-8, not all white space */
                    password: string;
                };
            };
        };
        responses: {
            /** @description The new account and its first token pair */
            200: {
                headers: {
                    /** @description The body carries tokens */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["AuthResult"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Validation failed` with `details` per field, or `Invalid request data format` */
            400: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Email already exists`: a live user holds the email (in any case) */
            409: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "password": "analytical engine"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description Unique among live users regardless of case; stored as given (trimmed)
                     * @example ada@example.com
                     */
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description The user and a new token pair, or the challenge for a second factor */
            200: {
                headers: {
                    /** @description The body carries tokens */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description The session (`mfa_required: false`), or, with TOTP on, the challenge for a second factor (`mfa_required: true`) */
                        data: components["schemas"]["LoginSession"] | components["schemas"]["MfaChallenge"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Validation failed` with `details` per field, or `Invalid request data format` */
            400: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Invalid email or password`: an unknown email or a wrong password, told apart by nobody */
            401: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Email address not verified`: with EMAIL_VERIFICATION=required, an account whose address is not verified starts and renews no session */
            403: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    refreshTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "refresh_token": "4f1c0a9e8b7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3928170615e4d3"
                 *     }
                 */
                "application/json": {
                    /** @description The refresh token from the last pair; any other string is the 401 refresh failure */
                    refresh_token: string;
                };
            };
        };
        responses: {
            /** @description A new token pair; the presented token is used up */
            200: {
                headers: {
                    /** @description The body carries tokens */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["TokenPair"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `RefreshToken is required` (missing or empty), or `Invalid request data format` */
            400: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Invalid or expired refresh token`: unknown, revoked, expired or already used */
            401: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Email address not verified`: with EMAIL_VERIFICATION=required, an account whose address is not verified starts and renews no session */
            403: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description Unique among live users regardless of case; stored as given (trimmed)
                     * @example ada@example.com
                     */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Accepted: a link is on its way if the address belongs to an account */
            202: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Accepted"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Validation failed` with `details` per field, or `Invalid request data format` */
            400: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    confirmPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "9b2f4c1d0e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c",
                 *       "password": "difference engine"
                 *     }
                 */
                "application/json": {
                    /** @description The token from the emailed link (64 hex characters); it works once */
                    token: string;
                    /** @description At least 6 characters and at most 72 bytes of UTF-8, not all white space */
                    password: string;
                };
            };
        };
        responses: {
            /** @description The account and a new token pair; every other session has ended */
            200: {
                headers: {
                    /** @description The body carries tokens */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["AuthResult"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Invalid or expired token` (`INVALID_TOKEN`): the token is unknown, already used, expired, superseded by a newer link, or its account is gone; `Validation failed` for a missing token or a bad field */
            400: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    requestEmailVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: a link is on its way unless the address is verified already */
            202: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Accepted"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed */
            401: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    verifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "9b2f4c1d0e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c"
                 *     }
                 */
                "application/json": {
                    /** @description The token from the emailed link (64 hex characters); it works once */
                    token: string;
                };
            };
        };
        responses: {
            /** @description The account, its email verified */
            200: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["User"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Invalid or expired token` (`INVALID_TOKEN`): the token is unknown, already used, expired, superseded by a newer link, or its account is gone; `Validation failed` for a missing token or a bad field */
            400: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every session of the caller is signed out */
            200: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["LogoutResult"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed */
            401: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller’s sessions, newest first */
            200: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Session"][];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed */
            401: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    revokeSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session id: a UUID such as 0b6f3a52-7d1e-4c39-9a0e-2f6d1c8b5e47 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out; no body */
            204: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Invalid session ID`: the id is not a UUID; or a body that is not JSON */
            400: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed */
            401: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Session not found`: no live session of the caller has this id */
            404: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    verifySecondFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mfa_token": "9c1f0a9e8b7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3928170615e4d3",
                 *       "code": "492039"
                 *     }
                 */
                "application/json": {
                    /** @description The `mfa_token` from the login answer; any other string is the 401 */
                    mfa_token: string;
                    /**
                     * @description Six digits from the authenticator app (RFC 6238: SHA-1, 30-second steps)
                     * @example 492039
                     */
                    code?: string;
                    /**
                     * @description One of the recovery codes shown when TOTP was turned on; each works once
                     * @example 7k2m-q9xd-4hv1-c8pz
                     */
                    recovery_code?: string;
                };
            };
        };
        responses: {
            /** @description The user and a new token pair (`mfa_required` is false) */
            200: {
                headers: {
                    /** @description The body carries tokens */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description The session (`mfa_required: false`), or, with TOTP on, the challenge for a second factor (`mfa_required: true`) */
                        data: components["schemas"]["LoginSession"] | components["schemas"]["MfaChallenge"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Validation failed`: neither or both of `code` and `recovery_code`, or a malformed field */
            400: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Invalid authentication code` for a wrong or used code; `Invalid or expired MFA token` for a token that is unknown, used, expired or ended by five wrong codes */
            401: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSecondFactorStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller’s second factors */
            200: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["SecondFactorStatus"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed */
            401: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    startTotpEnrolment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "password": "analytical engine"
                 *     }
                 */
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description The pending secret, for the authenticator app */
            200: {
                headers: {
                    /** @description The body carries tokens */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["TotpEnrolment"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Validation failed` with `details`, or `Invalid request data format` */
            400: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed; `Invalid email or password` for a wrong password */
            401: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge when the access token is missing or refused: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent */
                    "WWW-Authenticate"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Two-factor authentication is already on`: remove it first */
            409: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    removeTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "password": "analytical engine",
                 *       "code": "492039"
                 *     }
                 */
                "application/json": {
                    password: string;
                    /**
                     * @description Six digits from the authenticator app (RFC 6238: SHA-1, 30-second steps)
                     * @example 492039
                     */
                    code?: string;
                    /**
                     * @description One of the recovery codes shown when TOTP was turned on; each works once
                     * @example 7k2m-q9xd-4hv1-c8pz
                     */
                    recovery_code?: string;
                };
            };
        };
        responses: {
            /** @description TOTP is off; no body */
            204: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Validation failed`: neither or both of `code` and `recovery_code`, or a malformed field */
            400: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed; `Invalid email or password` for a wrong password; `Invalid authentication code` for a wrong or used code */
            401: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge when the access token is missing or refused: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent */
                    "WWW-Authenticate"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Two-factor authentication is not on` */
            404: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    confirmTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "492039"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Six digits from the authenticator app (RFC 6238: SHA-1, 30-second steps)
                     * @example 492039
                     */
                    code: string;
                };
            };
        };
        responses: {
            /** @description TOTP is on; the recovery codes */
            200: {
                headers: {
                    /** @description The body carries tokens */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["RecoveryCodes"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Invalid authentication code`, `Validation failed` or `Invalid request data format` */
            400: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed */
            401: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `No two-factor enrolment is in progress`: start one first (TOTP is already on, or the enrolment began over 30 minutes ago) */
            409: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPasskeyAuthenticationOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request options */
            200: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["PasskeyRequestOptions"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Invalid request data format`: a body that is not JSON */
            400: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    signInWithPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "bXHm1sg5qbVf2EqshlM8lA",
                 *       "rawId": "bXHm1sg5qbVf2EqshlM8lA",
                 *       "type": "public-key",
                 *       "response": {
                 *         "clientDataJSON": "eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiWm05dlltRnlZbUY2Y1hWNGNYVjFlR052Y21kbFozSmhkV3gwWjJGeWNHeDUiLCJvcmlnaW4iOiJodHRwczovL2FjY291bnRzLmV4YW1wbGUuY29tIiwiY3Jvc3NPcmlnaW4iOmZhbHNlfQ",
                 *         "authenticatorData": "4ILtVEIJk_Syd_THf3PZ-TwKn6j1IK3OofN4VE2RGNIFAAAAAQ",
                 *         "signature": "MEUCIQCR62zRIX5R1FhezBhu5qYD9FJ7lLmQBVV9EJIhHOJDHgIgLuoRlQ_AqqsO8eC_2-WPR6UYMD5ulFISYZqjB-Fqavc",
                 *         "userHandle": "mR1wV6t0dDq2Yb4s8uJq3n1s5N0kq9dXlK8zX2sQ0aE"
                 *       },
                 *       "authenticatorAttachment": "platform",
                 *       "clientExtensionResults": {}
                 *     }
                 */
                "application/json": {
                    /** @description The credential’s id */
                    id: string;
                    /** @description The same id */
                    rawId: string;
                    /** @enum {string} */
                    type: "public-key";
                    response: {
                        /** @description The client data the authenticator signed over */
                        clientDataJSON: string;
                        /** @description The authenticator data */
                        authenticatorData: string;
                        /** @description The assertion’s signature */
                        signature: string;
                        /** @description The account’s user handle, as the passkey keeps it */
                        userHandle?: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @enum {string} */
                    authenticatorAttachment?: "platform" | "cross-platform";
                    /** @description As the browser gave them */
                    clientExtensionResults: {
                        [key: string]: unknown;
                    };
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description The user and a new token pair */
            200: {
                headers: {
                    /** @description The body carries tokens */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["LoginSession"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Validation failed` with `details`, or `Invalid request data format` */
            400: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Passkey sign-in failed`: an unknown or deleted passkey, an unknown, used or expired challenge, another origin, no user verification, a bad signature or a counter that went back */
            401: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Email address not verified`: EMAIL_VERIFICATION=required and the account is unverified */
            403: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPasskeyRegistrationOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Laptop"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description What the list shows, 1 to 64 characters
                     * @example Laptop
                     */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description The creation options */
            200: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["PasskeyCreationOptions"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Validation failed` with `details`, or `Invalid request data format` */
            400: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed */
            401: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Passkey limit reached: delete one to add another`: the caller has 20 passkeys */
            409: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    registerPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "bXHm1sg5qbVf2EqshlM8lA",
                 *       "rawId": "bXHm1sg5qbVf2EqshlM8lA",
                 *       "type": "public-key",
                 *       "response": {
                 *         "clientDataJSON": "eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoicTFMOXhxM2IyaFF6V20yVDh0cTBiOXBRM24xczVOMGtxOWRYbEs4elgycyIsIm9yaWdpbiI6Imh0dHBzOi8vYWNjb3VudHMuZXhhbXBsZS5jb20iLCJjcm9zc09yaWdpbiI6ZmFsc2V9",
                 *         "attestationObject": "o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YViU4ILtVEIJk_Syd_THf3PZ-TwKn6j1IK3OofN4VE2RGNJFAAAAAAAAAAAAAAAAAAAAAAAAAAAAEG1x5tbIOam1X9hKrIZTPJSlAQIDJiABIVggMgmpEb-wmkmkyz_lmEZ1BHP4rXVa8U6Rqne87OqyVAciWCDg4WPLGJXT-9c5t9zhgwuoENjMMmu7HQeFGwKSx6QeVA",
                 *         "transports": [
                 *           "internal"
                 *         ]
                 *       },
                 *       "authenticatorAttachment": "platform",
                 *       "clientExtensionResults": {}
                 *     }
                 */
                "application/json": {
                    /** @description The credential’s id */
                    id: string;
                    /** @description The same id */
                    rawId: string;
                    /** @enum {string} */
                    type: "public-key";
                    response: {
                        /** @description The client data the authenticator signed over */
                        clientDataJSON: string;
                        /** @description The attestation: the new public key and its authenticator data */
                        attestationObject: string;
                        /** @description The authenticator data */
                        authenticatorData?: string;
                        /** @description How the client can reach the authenticator */
                        transports?: ("ble" | "cable" | "hybrid" | "internal" | "nfc" | "smart-card" | "usb")[];
                        /** Format: int32 */
                        publicKeyAlgorithm?: number;
                        /** @description The public key, SubjectPublicKeyInfo */
                        publicKey?: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @enum {string} */
                    authenticatorAttachment?: "platform" | "cross-platform";
                    /** @description As the browser gave them */
                    clientExtensionResults: {
                        [key: string]: unknown;
                    };
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description The passkey is added */
            201: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Passkey"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Passkey registration failed`: an unknown, used or expired challenge, another origin or relying party, no user verification, or an attestation that does not verify; `Validation failed` for a malformed body */
            400: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed */
            401: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Passkey already registered`: the credential is registered already; `Passkey limit reached: delete one to add another`: the caller has 20 passkeys */
            409: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller’s passkeys, oldest first */
            200: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Passkey"][];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed */
            401: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deletePasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A passkey id, from the list */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body */
            204: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Invalid passkey ID`: the id is not a positive integer; or a body that is not JSON */
            400: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed */
            401: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Passkey not found`: none of the caller’s passkeys has this id */
            404: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    renamePasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A passkey id, from the list */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Work phone"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description What the list shows, 1 to 64 characters
                     * @example Laptop
                     */
                    name: string;
                };
            };
        };
        responses: {
            /** @description The renamed passkey */
            200: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Passkey"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Invalid passkey ID`, `Validation failed` with `details`, or `Invalid request data format` */
            400: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed */
            401: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Passkey not found`: none of the caller’s passkeys has this id */
            404: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included; the rate limiter’s 429 has neither, the login throttle’s has both */
                    "Cache-Control"?: "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma?: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description Every answer of the auth routes is kept from caches, failures included */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Case-insensitive substring of the name or the email */
                search?: string;
                /** @description Only users holding this role */
                role?: string;
                sort?: "id" | "name" | "email" | "created_at" | "updated_at";
                order?: "asc" | "desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of users, with the page in `meta` */
            200: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["User"][];
                        meta?: components["schemas"]["PageMeta"];
                    };
                };
            };
            /** @description `Validation failed`: a query value is out of range or unknown */
            400: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed */
            401: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Insufficient permissions`: the caller does not hold the `admin` role, in its token or, for an account deleted or demoted since the token was issued, in its stored record */
            403: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["User"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Invalid user ID`: the id is not a positive integer in plain digits */
            400: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed */
            401: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Forbidden user ID`: a user who is not an administrator asked for another user (before any lookup); `Insufficient permissions`: the token says administrator but the account was deleted or demoted since */
            403: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `User not found`: an administrator asked for an id no live user has */
            404: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id */
                id: number;
            };
            cookie?: never;
        };
        /** @description Fields left out stay unchanged */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ada King"
                 *     }
                 */
                "application/json": {
                    /** @description 2 to 100 characters after trimming; no control characters or bidirectional controls */
                    name?: string;
                    /**
                     * Format: email
                     * @description Unique among live users regardless of case; stored as given (trimmed)
                     * @example ada@example.com
                     */
                    email?: string;
                };
            };
        };
        responses: {
            /** @description The updated user */
            200: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["User"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Invalid user ID`: the id is not a positive integer in plain digits; `Validation failed` for a bad field; or `Invalid request data format` */
            400: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed */
            401: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Forbidden user ID`: a user who is not an administrator asked for another user (before any lookup); `Insufficient permissions`: the token says administrator but the account was deleted or demoted since */
            403: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `User not found`: an administrator asked for an id no live user has */
            404: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Email already exists`: another live user holds the email */
            409: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body */
            204: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Invalid user ID`: the id is not a positive integer in plain digits; or a body that is not JSON */
            400: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed */
            401: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Forbidden user ID`: a user who is not an administrator asked for another user (before any lookup); `Insufficient permissions`: the token says administrator but the account was deleted or demoted since */
            403: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `User not found`: an administrator asked for an id no live user has */
            404: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    removeSecondFactors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user has no second factor now; no body */
            204: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Invalid user ID`: the id is not a positive integer in plain digits; or a body that is not JSON */
            400: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed */
            401: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Insufficient permissions`: the caller does not hold the `admin` role, in its token or, for an account deleted or demoted since the token was issued, in its stored record */
            403: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `User not found`: an administrator asked for an id no live user has */
            404: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "current_password": "analytical engine",
                 *       "new_password": "difference engine"
                 *     }
                 */
                "application/json": {
                    current_password: string;
                    /** @description At least 6 characters and at most 72 bytes of UTF-8, not all white space */
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description A fresh token pair for the caller’s session; every other session is signed out */
            200: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description The body carries tokens */
                    "Cache-Control": "no-store";
                    /** @description The same, for HTTP/1.0 caches */
                    Pragma: "no-cache";
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["TokenPair"];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description `Invalid user ID`: the id is not a positive integer in plain digits; `Validation failed` for a bad field; or `Invalid request data format` */
            400: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed; `Invalid email or password` for a wrong password */
            401: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge when the access token is missing or refused: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent */
                    "WWW-Authenticate"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Forbidden user ID`: only the owner changes a password, administrators included */
            403: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `User not found`: the caller’s account was deleted while the token lives on */
            404: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listAuditEvents: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Only events concerning this user */
                user_id?: number;
                /** @description Only events of this type */
                type?: "user.registered" | "login.succeeded" | "login.failed" | "refresh.reused" | "logout" | "session.revoked" | "password.changed" | "password.change_failed" | "user.read" | "user.updated" | "user.deleted" | "users.listed" | "role.granted" | "role.revoked" | "login.mfa_required" | "mfa.verify_failed" | "mfa.totp_enrolment_started" | "mfa.totp_enabled" | "mfa.totp_removed" | "mfa.recovery_code_used" | "mfa.reset" | "mfa.passkey_added" | "mfa.passkey_renamed" | "mfa.passkey_removed" | "password.reset_requested" | "password.reset" | "email.verified" | "email.changed" | "mail.failed";
                /** @description Only events at or after this time */
                since?: string;
                /** @description Only events before this time */
                until?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of events, newest first, with the page in `meta` */
            200: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["AuditEvent"][];
                        meta?: components["schemas"]["PageMeta"];
                    };
                };
            };
            /** @description `Validation failed`: a query value is out of range or unknown */
            400: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Authentication required` without a token; `Invalid or expired access token` for a token that is malformed, expired or badly signed */
            401: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Insufficient permissions`: the caller does not hold the `admin` role, in its token or, for an account deleted or demoted since the token was issued, in its stored record */
            403: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Rate limit exceeded (`Rate limit exceeded`, `details` `{retry_after, limit, window}`): the client’s bucket is empty */
            429: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitedEnvelope"];
                };
            };
            /** @description `Internal server error`: an unexpected failure; the cause is logged, never sent */
            500: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, the password-hashing queue is full, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listTodos: {
        parameters: {
            query?: {
                /** @description At most this many todos */
                limit?: number;
                /** @description Skip this many todos */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller’s todos, newest first, and how many there are */
            200: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Newest first */
                        todos: components["schemas"]["Todo"][];
                        /**
                         * Format: int32
                         * @description All of the caller’s todos, whatever the page
                         */
                        total: number;
                    };
                };
            };
            /** @description `limit` or `offset` out of range or not an integer */
            400: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `unauthorized`: a missing, malformed or expired access token */
            401: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `rate limit exceeded` with the message `Rate limit exceeded`: the plain variant `{ error, message, retry_after }` */
            429: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoRateLimited"];
                };
            };
            /** @description `internal server error`: an unexpected failure */
            500: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
        };
    };
    createTodo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Buy milk",
                 *       "description": "Two litres"
                 *     }
                 */
                "application/json": {
                    /** @description Trimmed; 1 to 255 characters */
                    title: string;
                    /** @description At most 1000 characters */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description The new todo */
            201: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Todo"];
                };
            };
            /** @description The message of the first failing field, or `Invalid request data format` */
            400: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `unauthorized`: a missing, malformed or expired access token */
            401: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `rate limit exceeded` with the message `Rate limit exceeded`: the plain variant `{ error, message, retry_after }` */
            429: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoRateLimited"];
                };
            };
            /** @description `internal server error`: an unexpected failure */
            500: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
        };
    };
    getTodo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The todo */
            200: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Todo"];
                };
            };
            /** @description `invalid todo ID`: the id is not a positive integer in plain digits */
            400: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `unauthorized`: a missing, malformed or expired access token */
            401: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `forbidden`: the todo belongs to another user */
            403: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `todo not found`: no such todo, or it was deleted */
            404: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `rate limit exceeded` with the message `Rate limit exceeded`: the plain variant `{ error, message, retry_after }` */
            429: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoRateLimited"];
                };
            };
            /** @description `internal server error`: an unexpected failure */
            500: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
        };
    };
    updateTodo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id */
                id: number;
            };
            cookie?: never;
        };
        /** @description Omitted fields keep their values */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "completed": true
                 *     }
                 */
                "application/json": {
                    /** @description Trimmed; 1 to 255 characters */
                    title?: string;
                    /** @description At most 1000 characters */
                    description?: string;
                    completed?: boolean;
                };
            };
        };
        responses: {
            /** @description The updated todo */
            200: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Todo"];
                };
            };
            /** @description The message of the first failing field, or `Invalid request data format`; or `invalid todo ID` */
            400: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `unauthorized`: a missing, malformed or expired access token */
            401: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `forbidden`: the todo belongs to another user */
            403: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `todo not found`: no such todo, or it was deleted */
            404: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `rate limit exceeded` with the message `Rate limit exceeded`: the plain variant `{ error, message, retry_after }` */
            429: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoRateLimited"];
                };
            };
            /** @description `internal server error`: an unexpected failure */
            500: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
        };
    };
    deleteTodo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A positive integer id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body */
            204: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid todo ID`; or a body that is not JSON */
            400: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `unauthorized`: a missing, malformed or expired access token */
            401: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description RFC 6750 challenge: `Bearer realm="api"`, with `error="invalid_token"` when a token was sent and refused */
                    "WWW-Authenticate": string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `forbidden`: the todo belongs to another user */
            403: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `todo not found`: no such todo, or it was deleted */
            404: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `The request was not received in time`: the body did not arrive within SERVER_READTIMEOUT */
            408: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `Request body is too large`: the body is over 64 KiB */
            413: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `rate limit exceeded` with the message `Rate limit exceeded`: the plain variant `{ error, message, retry_after }` */
            429: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds until a request is allowed */
                    "Retry-After": number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoRateLimited"];
                };
            };
            /** @description `internal server error`: an unexpected failure */
            500: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `Service temporarily unavailable`: the database cannot be reached or is read-only, or the request outlasted SERVER_WRITETIMEOUT */
            503: {
                headers: {
                    /** @description The caller’s `X-Request-ID` when it is 1 to 128 characters of `[A-Za-z0-9._:-]`, otherwise a new UUID; the same id is `request_id` in the body */
                    "X-Request-ID": string;
                    /** @description `*` while CORS_ALLOWED_ORIGINS is `*` (the default); otherwise the request’s `Origin` when it is one of those listed, and absent when it is not */
                    "Access-Control-Allow-Origin"?: string;
                    /** @description Seconds to wait before retrying, when the service can tell */
                    "Retry-After"?: number;
                    /** @description Bucket capacity: RATE_LIMIT_REQUESTS */
                    "X-RateLimit-Limit"?: number;
                    /** @description Whole requests left in the client’s bucket */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix seconds when the bucket is full again */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
        };
    };
}
