import { createRequire } from 'node:module'
import { createServer, type Server } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, test } from 'vitest'
// @ts-expect-error plain ESM script without type declarations; its JSDoc is the contract
import { nameConnectedHost, readStackFromEnv, StackStartError, startDatabase, startStack } from './startStack.mjs'

const listeners: Server[] = []
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((server) => new Promise((done) => server.close(done))))
})

/** Listen on a free port and keep it, so the stack finds it taken. */
function occupy(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      listeners.push(server)
      done((server.address() as { port: number }).port)
    })
  })
}

async function freePort(): Promise<number> {
  const port = await occupy()
  await new Promise((done) => listeners.pop()?.close(done))
  return port
}

const isFree = (port: number) =>
  new Promise((done) => {
    const probe = createServer()
    probe.once('error', () => done(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)))
  })

describe('startStack', () => {
  test('error: a taken port stops the start before anything runs, naming the port and the piece', async () => {
    const taken = await occupy()
    const ports = {
      auth: await freePort(),
      functions: await freePort(),
      database: taken,
      hub: await freePort(),
      logging: await freePort(),
      chain: await freePort(),
    }
    const error = await startStack({ name: 'port-check', ports }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(StackStartError)
    expect(error).toMatchObject({ name: 'StackStartError', code: 'port_in_use', piece: 'database' })
    expect((error as Error).message).toBe(
      `Port ${taken} is already in use, so the Realtime Database stand-in (firebase-server) cannot start. ` +
        `Stop whatever listens there (\`lsof -i :${taken}\`), or stop the other WorldMap stack using it.`,
    )
    for (const port of [ports.auth, ports.functions, ports.hub, ports.logging, ports.chain]) {
      expect(await isFree(port)).toBe(true)
    }
  })

  test.each([
    ['a path', 'http://localhost:3000/app'],
    ['no scheme', 'localhost:3000'],
    ['another scheme', 'ws://localhost:3000'],
    ['an empty list', []],
  ])('error: an appOrigin with %s stops the start before anything runs', async (_name, appOrigin) => {
    const ports = {
      auth: await freePort(),
      functions: await freePort(),
      database: await freePort(),
      hub: await freePort(),
      logging: await freePort(),
      chain: await freePort(),
    }
    const error = await startStack({ name: 'origin-check', ports, appOrigin }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(StackStartError)
    expect(error).toMatchObject({ name: 'StackStartError', code: 'invalid_option', piece: 'functions' })
    expect((error as Error).message).toMatch(/^appOrigin (".*" is not an origin like http:\/\/localhost:3000|is empty)/)
    for (const port of Object.values(ports)) expect(await isFree(port)).toBe(true)
  })

  test('default: readStackFromEnv reads what the runner passed, or null', () => {
    expect(readStackFromEnv({})).toBeNull()
    const stack = { name: 'test', ports: { auth: 1 }, nonceSecret: 's', urls: { auth: 'http://127.0.0.1:1' } }
    expect(readStackFromEnv({ WORLDMAP_STACK: JSON.stringify(stack) })).toEqual(stack)
  })
})

describe('nameConnectedHost', () => {
  const hello = { t: 'c', d: { t: 'h', d: { ts: 1, v: '5', h: 'demo-worldmap', s: '' } } }
  const fakeSocket = () => {
    const sent: unknown[] = []
    const socket = { send: (data: unknown) => sent.push(data) }
    return { socket, sent }
  }

  test('default: the handshake names the host the client connected to; later frames are untouched', () => {
    const { socket, sent } = fakeSocket()
    nameConnectedHost(socket, '127.0.0.1:9000')
    // firebase-server sends each message's frame count first.
    socket.send('1')
    socket.send(JSON.stringify(hello))
    socket.send('1')
    socket.send(JSON.stringify({ t: 'd', d: { a: 'd', b: { p: 'x', d: 1 } } }))
    expect(sent.map((frame) => JSON.parse(String(frame)))).toEqual([
      1,
      { t: 'c', d: { t: 'h', d: { ts: 1, v: '5', h: '127.0.0.1:9000', s: '' } } },
      1,
      { t: 'd', d: { a: 'd', b: { p: 'x', d: 1 } } },
    ])
  })

  test.each([
    ['not JSON', 'hello'],
    ['another control message', JSON.stringify({ t: 'c', d: { t: 'r', d: 'elsewhere' } })],
  ])('behavior: a first frame that is not the handshake (%s) passes unchanged', (_, frame) => {
    const { socket, sent } = fakeSocket()
    nameConnectedHost(socket, '127.0.0.1:9000')
    socket.send(frame)
    expect(sent).toEqual([frame])
  })

  test('behavior: without a Host header the socket is left alone', () => {
    const { socket } = fakeSocket()
    const send = socket.send
    nameConnectedHost(socket, undefined)
    expect(socket.send).toBe(send)
  })

  test('behavior: the stand-in started by startDatabase names the host a real client connected to', async () => {
    const port = await freePort()
    const database = await startDatabase(port)
    try {
      // ws, as firebase-server resolves it (Node 20 has no WebSocket client of its own).
      const functionsDir = fileURLToPath(new URL('../../apps/functions/package.json', import.meta.url))
      const fromServer = createRequire(createRequire(functionsDir).resolve('firebase-server'))
      const WebSocket = fromServer('ws') as new (
        url: string,
      ) => {
        on(event: 'message', listener: (data: unknown) => void): unknown
        close(): void
      }
      const client = new WebSocket(`ws://127.0.0.1:${port}/.ws?v=5&ns=demo-worldmap`)
      const received: string[] = []
      client.on('message', (data) => received.push(String(data)))
      await expect.poll(() => received.length).toBeGreaterThanOrEqual(2)
      client.close()
      // The frame count, then the handshake.
      expect(received[0]).toBe('1')
      expect(JSON.parse(received[1] ?? '')).toMatchObject({ t: 'c', d: { t: 'h', d: { h: `127.0.0.1:${port}` } } })
    } finally {
      await database.close()
    }
  })
})
