/**
 * Database hosts whose handshake may move the client to a sibling host:
 * the domain each one's shards live under, as a pattern with one capture
 * for the domain. Production Realtime Database answers a client on
 * `<db>.firebaseio.com` or `<db>.<region>.firebasedatabase.app` with a
 * handshake (`{t:'c', d:{t:'h', d:{h: host}}}`) or a reset (`{t:'c', d:{t:'r',
 * d: host}}`) naming the shard host the client uses from then on (`s-…` hosts
 * are even remembered across launches, `firebase:host:*`), always under the
 * same domain. `*.localhost` is `pnpm preview:prod`'s model of the same thing:
 * every `*.localhost` name is this machine (RFC 6761, and Chromium resolves
 * them so), so the pattern reaches nothing off it.
 */
const SHARDED_DATABASE_HOSTS: readonly RegExp[] = [
  /^[a-z0-9-]+\.(firebaseio\.com)$/,
  /^[a-z0-9-]+\.([a-z]+-[a-z]+\d+\.firebasedatabase\.app)$/,
  /^[a-z0-9-]+\.(localhost)$/,
]

/**
 * The CSP `connect-src` sources for the Realtime Database at `databaseURL`:
 * its HTTPS and websocket origins, widened to every host of its domain when it
 * is a Firebase-hosted database (the handshake may name any shard there; see
 * docs/realtime.md), exactly its own origins otherwise (a custom host, the
 * local stand-in on 127.0.0.1). Never a scheme alone, never a wildcard over a
 * public suffix: only the database's own domain.
 *
 * @example
 * ```ts
 * getRealtimeOrigins('https://worldmap-prod-default-rtdb.asia-southeast1.firebasedatabase.app')
 * // ['https://*.asia-southeast1.firebasedatabase.app', 'wss://*.asia-southeast1.firebasedatabase.app']
 * getRealtimeOrigins('http://127.0.0.1:9000/?ns=demo-worldmap')
 * // ['http://127.0.0.1:9000', 'ws://127.0.0.1:9000']
 * ```
 */
export function getRealtimeOrigins(databaseURL: string): string[] {
  const url = new URL(databaseURL)
  const secure = url.protocol === 'https:'
  const port = url.port ? `:${url.port}` : ''
  const domain = SHARDED_DATABASE_HOSTS.map((pattern) => pattern.exec(url.hostname)?.[1]).find(Boolean)
  const host = domain ? `*.${domain}${port}` : url.host
  return [`${secure ? 'https:' : 'http:'}//${host}`, `${secure ? 'wss:' : 'ws:'}//${host}`]
}
