/**
 * The id of the `<script type="application/json">` element in which the console's page, as the
 * server sends it, carries the visitor's session (a `SessionResponse`): the server writes it, the
 * console reads it instead of asking `GET /api/auth/session` first (ADR 0030).
 */
export const sessionElementId = 'storedesk-session';
