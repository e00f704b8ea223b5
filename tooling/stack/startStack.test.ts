import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
// @ts-expect-error plain ESM script without type declarations; its JSDoc is the contract
import { readStackFromEnv, StackStartError, startStack } from './startStack.mjs'

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
