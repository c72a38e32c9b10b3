/** The in-memory counter @fastify/rate-limit ships (CommonJS, without types of its own). */
declare module '@fastify/rate-limit/store/LocalStore.js' {
  export default class LocalStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, cache?: number);
    incr(
      key: string,
      cb: (error: Error | null, result: { current: number; ttl: number } | null) => void,
      timeWindow: number,
      max: number,
    ): void;
    child(routeOptions: unknown): LocalStore;
  }
}
