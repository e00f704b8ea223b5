/** Where a notification's deep link goes: the mini app and the path inside it. */
export interface MiniAppLink {
  appId: string
  /** Always starts with `/` (`/` when the link names none). */
  path: string
}

/**
 * Read a notification's `mini_app_path` as World App does:
 * `worldapp://mini-app?app_id=<app id>&path=<url-encoded path>`. Anything
 * else (another scheme, no app id, a path that is not a path) is `null`:
 * World App would not open it.
 *
 * @example
 * ```ts
 * parseMiniAppPath('worldapp://mini-app?app_id=app_x&path=%2Fmap') // { appId: 'app_x', path: '/map' }
 * ```
 */
export function parseMiniAppPath(link: string): MiniAppLink | null {
  if (typeof link !== 'string' || !URL.canParse(link)) return null
  const url = new URL(link)
  if (url.protocol !== 'worldapp:' || url.host !== 'mini-app') return null
  const appId = url.searchParams.get('app_id')
  const path = url.searchParams.get('path') ?? '/'
  // A path, never one that leaves the app once a browser resolves it: `//evil.test`, and also `/\evil.test` or
  // `/<tab>/evil.test`, which URL parsers read as protocol-relative too. So the check is the parser's own.
  if (!appId || !path.startsWith('/') || !staysOnOrigin(path)) return null
  return { appId, path }
}

const PROBE_ORIGIN = 'https://mini-app.invalid'

function staysOnOrigin(path: string): boolean {
  return URL.canParse(path, PROBE_ORIGIN) && new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN
}
