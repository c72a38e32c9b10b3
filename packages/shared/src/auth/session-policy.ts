/** How long a session of staff or of a delivery executive lives (the customer app's is `customerSessionPolicy`). */
export const sessionPolicy = {
  /** A session unused for this long ends. */
  idleMs: 12 * 60 * 60 * 1000,
  /** A session ends this long after sign-in, used or not. */
  absoluteMs: 30 * 24 * 60 * 60 * 1000,
  /** last_seen_at is written at most this often, so reads stay reads. */
  touchEveryMs: 60 * 1000,
};
