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
        /** Overall health (always 200; the status says how it is) */
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
        /** Liveness: healthy while the process runs */
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
        /** Readiness with dependency checks: 503 when unhealthy */
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
        /** The public keys that verify access tokens (ES256 or EdDSA; empty with HS256) */
        get: operations["getJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics in the text exposition format */
        get: operations["getMetrics"];
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
        /** Create an account and return a token pair */
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
         * @description Every failure, unknown email included, is the same 401 after the same bcrypt work. Failed logins are counted per account and per client address: past the limit the next attempt is 429 `TOO_MANY_REQUESTS` with `Retry-After`, the same for unknown and known emails, while an address that has logged in to the account before keeps a count of its own. A full password-hashing queue answers 503 `SERVICE_UNAVAILABLE` with `Retry-After`.
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
         * @description Every failure is 401 `Invalid or expired refresh token`. Presenting a used token again revokes its whole family.
         */
        post: operations["refreshTokens"];
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
        /** Revoke every refresh token of the caller */
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
        /** List the caller’s active sessions */
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
        /** Sign one session out: its refresh tokens stop working */
        delete: operations["revokeSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List users (administrators only), paginated */
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
        /** Read a user (your own, or any as an administrator) */
        get: operations["getUser"];
        /** Update a user’s name or email */
        put: operations["updateUser"];
        post?: never;
        /** Delete a user: soft delete, revoking its tokens and deleting its todos */
        delete: operations["deleteUser"];
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
        /** Create a todo for the caller */
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
        /** Read one of the caller’s todos */
        get: operations["getTodo"];
        /** Update one of the caller’s todos (omitted fields keep their values) */
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
            request_id?: string;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.000Z
             */
            timestamp?: string;
            page?: number;
            per_page?: number;
            total?: number;
            total_pages?: number;
            links?: {
                self: string;
                first: string;
                last: string;
                next: string | null;
                prev: string | null;
            };
        };
        /** @description Every failure on an enveloped route */
        ErrorEnvelope: {
            /** @enum {boolean} */
            success: false;
            error: {
                /** @example VALIDATION_ERROR */
                code: string;
                /** @example Validation failed */
                message: string;
                /** @description For validation errors: capitalised field name → message */
                details?: unknown;
                /**
                 * Format: date-time
                 * @example 2026-11-22T10:00:00.000Z
                 */
                timestamp: string;
                /** @example /api/v1/auth/register */
                path: string;
                request_id: string;
            };
        };
        User: {
            id: number;
            /** @example Ada Lovelace */
            name: string;
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
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
            /** @description HS256 JWT */
            access_token: string;
            /** @description 32 random bytes as 64 hex characters; usable once */
            refresh_token: string;
            /** @enum {string} */
            token_type: "Bearer";
            /**
             * @description Access token lifetime in seconds
             * @example 900
             */
            expires_in: number;
        };
        AuthResult: {
            /** @description HS256 JWT */
            access_token: string;
            /** @description 32 random bytes as 64 hex characters; usable once */
            refresh_token: string;
            /** @enum {string} */
            token_type: "Bearer";
            /**
             * @description Access token lifetime in seconds
             * @example 900
             */
            expires_in: number;
            user: components["schemas"]["User"];
        };
        LogoutResult: {
            /** @enum {string} */
            message: "Successfully logged out";
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
             */
            last_used_at: string;
            client_ip: string | null;
            user_agent: string | null;
            /** @description True for the session of the access token making this request */
            current: boolean;
        };
        Todo: {
            /** @example 42 */
            id: number;
            /** @example Buy milk */
            title: string;
            /** @description "" when none was given */
            description: string;
            completed: boolean;
            /** @description The owner, taken from the access token */
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
            /** @example rate limit exceeded */
            error: string;
            /** @example Rate limit exceeded */
            message: string;
            /** @description Seconds until a request is allowed again */
            retry_after: number;
        };
        CheckResult: {
            /** @example database */
            name: string;
            status: "pass" | "warn" | "fail";
            /**
             * @description `0s` when no connection could be made
             * @example 1.234ms
             */
            response_time: string;
            message: string;
        };
        Health: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
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
            /** @description A JWK Set (RFC 7517 §5), no envelope */
            200: {
                headers: {
                    /** @description `public, max-age=300`, or half the access-token lifetime when shorter */
                    "cache-control"?: string;
                    /** @description Send it in `If-None-Match` to get a 304 while the keys are unchanged */
                    etag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The signing key and, during a rotation, the previous one. Empty with HS256. */
                        keys: {
                            /** @description `EC` for ES256, `OKP` for EdDSA */
                            kty: string;
                            /** @description `P-256` for ES256, `Ed25519` for EdDSA */
                            crv: string;
                            /** @description base64url */
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
                    /** @description `public, max-age=300`, or half the access-token lifetime when shorter */
                    "cache-control"?: string;
                    /** @description Send it in `If-None-Match` to get a 304 while the keys are unchanged */
                    etag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics, in the Prometheus text exposition format 0.0.4 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
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
                "application/json": {
                    /** @description 2 to 100 characters after trimming */
                    name: string;
                    /**
                     * Format: email
                     * @description Unique among live users regardless of case; stored as given (trimmed)
                     * @example ada@example.com
                     */
                    email: string;
                    /** @description At least 6 characters and at most 72 bytes of UTF-8 */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
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
            /** @description Every failure on an enveloped route */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            503: {
                headers: {
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
            /** @description Default Response */
            200: {
                headers: {
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
            /** @description Every failure on an enveloped route */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            503: {
                headers: {
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
                "application/json": {
                    /** @description The refresh token from the last pair */
                    refresh_token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
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
            /** @description Every failure on an enveloped route */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            500: {
                headers: {
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
            /** @description Default Response */
            200: {
                headers: {
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
            /** @description Every failure on an enveloped route */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            500: {
                headers: {
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
            /** @description Default Response */
            200: {
                headers: {
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
            /** @description Every failure on an enveloped route */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            500: {
                headers: {
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
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Every failure on an enveloped route */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            500: {
                headers: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["User"][];
                        meta?: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description Every failure on an enveloped route */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            500: {
                headers: {
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
            /** @description Default Response */
            200: {
                headers: {
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
            /** @description Every failure on an enveloped route */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            500: {
                headers: {
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
                "application/json": {
                    /** @description 2 to 100 characters after trimming */
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
            /** @description Default Response */
            200: {
                headers: {
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
            /** @description Every failure on an enveloped route */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            500: {
                headers: {
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
            /** @description No body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Every failure on an enveloped route */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Every failure on an enveloped route */
            500: {
                headers: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Newest first */
                        todos: components["schemas"]["Todo"][];
                        /** @description All of the caller’s todos, whatever the page */
                        total: number;
                    };
                };
            };
            /** @description Invalid `limit` or `offset` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description Missing, malformed or expired access token: `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description Rate limit exceeded */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoRateLimited"];
                };
            };
            /** @description Unexpected failure: `internal server error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description The database cannot be reached */
            503: {
                headers: {
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
                "application/json": {
                    /** @description Trimmed; 1 to 255 characters */
                    title: string;
                    /** @description At most 1000 characters */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Todo"];
                };
            };
            /** @description Invalid body: the message of the first failing field, or `Invalid request data format` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description Missing, malformed or expired access token: `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description Body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description Rate limit exceeded */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoRateLimited"];
                };
            };
            /** @description Unexpected failure: `internal server error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description The database cannot be reached */
            503: {
                headers: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Todo"];
                };
            };
            /** @description `invalid todo ID`: the id is not a positive integer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description Missing, malformed or expired access token: `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `forbidden`: the todo belongs to another user */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `todo not found`: no such todo, or it was deleted */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description Rate limit exceeded */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoRateLimited"];
                };
            };
            /** @description Unexpected failure: `internal server error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description The database cannot be reached */
            503: {
                headers: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Todo"];
                };
            };
            /** @description `invalid todo ID`, or an invalid body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description Missing, malformed or expired access token: `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `forbidden`: the todo belongs to another user */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `todo not found`: no such todo, or it was deleted */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description Body over 64 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description Rate limit exceeded */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoRateLimited"];
                };
            };
            /** @description Unexpected failure: `internal server error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description The database cannot be reached */
            503: {
                headers: {
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
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid todo ID`: the id is not a positive integer */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description Missing, malformed or expired access token: `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `forbidden`: the todo belongs to another user */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description `todo not found`: no such todo, or it was deleted */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description Rate limit exceeded */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoRateLimited"];
                };
            };
            /** @description Unexpected failure: `internal server error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
            /** @description The database cannot be reached */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TodoError"];
                };
            };
        };
    };
}
