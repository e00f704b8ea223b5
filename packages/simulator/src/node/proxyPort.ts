/**
 * The port the simulator's proxy listens on unless told otherwise. Fixed, not
 * "any free port": the proxy's origin is the page's origin, so it is what a
 * backend checking the SIWE domain must allow, and that must not change
 * between runs.
 *
 * @example
 * ```ts
 * const origin = `http://127.0.0.1:${DEFAULT_PROXY_PORT}` // add to the backend's allowed sign-in origins
 * ```
 */
export const DEFAULT_PROXY_PORT = 4390
