import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
// @ts-expect-error plain ESM script without type declarations; its JSDoc is the contract
import { startDatabase } from '../stack/startStack.mjs'
import { type ShardProxy, startShardProxy } from './previewShardProxy.mjs'

const root = join(import.meta.dirname, '../..')
// ws, as the stand-in resolves it.
const WebSocket = createRequire(createRequire(join(root, 'apps/functions/package.json')).resolve('firebase-server'))(
  'ws',
) as new (
  url: string,
  options: { headers: Record<string, string> },
) => {
  on(event: 'message', listener: (data: unknown) => void): unknown
  on(event: 'close', listener: (code: number) => void): unknown
  on(event: 'unexpected-response', listener: (request: unknown, response: { statusCode: number }) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  close(): void
}

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => done(port))
    })
  })

/** A websocket to the proxy on 127.0.0.1 with `host` as its Host header (Node resolves no *.localhost name). */
function openAs(port: number, host: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/.ws?v=5&ns=demo-worldmap`, { headers: { host: `${host}:${port}` } })
  const messages: string[] = []
  socket.on('message', (data) => messages.push(String(data)))
  const closed = new Promise<number>((done) => socket.on('close', done))
  const status = new Promise<number>((done) => socket.on('unexpected-response', (_, response) => done(response.statusCode)))
  socket.on('error', () => {})
  return { socket, messages, closed, status }
}

let proxy: ShardProxy
let database: { close(): Promise<void> }
beforeAll(async () => {
  const [port, upstreamPort] = [await freePort(), await freePort()]
  database = await startDatabase(upstreamPort)
  proxy = await startShardProxy({
    port,
    namespaceHost: 'worldmap-default-rtdb.localhost',
    shardHost: 's-preview1.localhost',
    upstreamPort,
  })
})
afterAll(async () => {
  await proxy?.close()
  await database?.close()
})

describe('startShardProxy', () => {
  test('default: a client on the database host gets a reset naming the shard host, then the socket closes', async () => {
    const client = openAs(proxy.port, 'worldmap-default-rtdb.localhost')
    expect(await client.closed).toBe(1000)
    expect(client.messages.map((message) => JSON.parse(message))).toEqual([
      { t: 'c', d: { t: 'r', d: `s-preview1.localhost:${proxy.port}` } },
    ])
    expect(proxy.counts.resets).toBeGreaterThanOrEqual(1)
  })

  test('behavior: a client on the shard host reaches the stand-in, whose handshake names the shard', async () => {
    const client = openAs(proxy.port, 's-preview1.localhost')
    await expect.poll(() => client.messages.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2)
    expect(JSON.parse(client.messages[1] ?? '')).toMatchObject({
      t: 'c',
      d: { t: 'h', d: { h: `s-preview1.localhost:${proxy.port}` } },
    })
    client.socket.close()
    expect(proxy.counts.forwarded).toBeGreaterThanOrEqual(1)
  })

  test('error: any other host is refused (421), plain HTTP gets 404', async () => {
    const client = openAs(proxy.port, '127.0.0.1')
    expect(await client.status).toBe(421)
    expect(proxy.counts.refused).toBeGreaterThanOrEqual(1)
    const response = await fetch(`http://127.0.0.1:${proxy.port}/.lp?start=t&ns=demo-worldmap`)
    expect(response.status).toBe(404)
    expect(await response.text()).toBe('The database answers websockets only.\n')
  })
})
