import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer, type Server } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, test } from 'vitest'
import { atDatabaseHost } from '../test-utils/databaseEmulatorHost.mjs'
import {
  createDatabaseCounters,
  PORTS,
  readStackFromEnv,
  resolveDatabases,
  rewriteHandshake,
  StackStartError,
  startDatabase,
  startStack,
  // @ts-expect-error plain ESM script without type declarations; its JSDoc is the contract
} from './startStack.mjs'

const functionsPackage = fileURLToPath(new URL('../../apps/functions/package.json', import.meta.url))
const requireFromFunctions = createRequire(functionsPackage)

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

/** Two neighbouring ports: `free` is free, `taken` (free + 1) is held by this test (other stacks may run beside it). */
async function freeThenTaken(): Promise<{ free: number; taken: number }> {
  for (;;) {
    const free = await freePort()
    const held = await new Promise<Server | null>((done) => {
      const server = createServer()
      server.once('error', () => done(null))
      server.listen(free + 1, '127.0.0.1', () => done(server))
    })
    if (held) {
      listeners.push(held)
      return { free, taken: free + 1 }
    }
  }
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
      regionDatabase: await freePort(),
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
    for (const port of [ports.auth, ports.functions, ports.regionDatabase, ports.hub, ports.logging, ports.chain]) {
      expect(await isFree(port)).toBe(true)
    }
  })

  test("error: a region instance's taken port stops the start before anything runs, naming the instance", async () => {
    const { free, taken } = await freeThenTaken()
    const ports = {
      auth: await freePort(),
      functions: await freePort(),
      database: await freePort(),
      // Region instance 1 is free; region instance 2 (regionDatabase + 1) is the taken one.
      regionDatabase: free,
      hub: await freePort(),
      logging: await freePort(),
      chain: await freePort(),
    }
    const error = await startStack({ name: 'port-check', ports, databases: 3 }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ name: 'StackStartError', code: 'port_in_use', piece: 'regionDatabase' })
    expect((error as Error).message).toMatch(
      new RegExp(`^Port ${taken} is already in use, so region database instance 2 \\(firebase-server\\) cannot start\\.`),
    )
    for (const port of [ports.auth, ports.functions, ports.database, ports.hub, ports.logging, ports.chain]) {
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
      regionDatabase: await freePort(),
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

describe('resolveDatabases', () => {
  test('default: the dev and test stacks run 3 instances: main, Singapore (w21) at database + 77, players and leaderboards on the next', () => {
    expect(PORTS.dev.regionDatabase).toBe(9077)
    expect(PORTS.test.regionDatabase).toBe(9177)
    expect(resolveDatabases({ name: 'test' })).toEqual({
      ports: PORTS.test,
      databases: 3,
      regions: { w21: 1 },
      databaseUrls: [
        'http://127.0.0.1:9100/?ns=demo-worldmap',
        'http://127.0.0.1:9177/?ns=demo-worldmap-r1',
        'http://127.0.0.1:9178/?ns=demo-worldmap-r2',
      ],
      regionTable: 'w21=http://127.0.0.1:9177/?ns=demo-worldmap-r1',
      players: [2],
      leaderboards: [2],
      playerTable: 'http://127.0.0.1:9178/?ns=demo-worldmap-r2',
      leaderboardTable: 'http://127.0.0.1:9178/?ns=demo-worldmap-r2',
    })
    expect(resolveDatabases({ name: 'dev' }).regionTable).toBe('w21=http://127.0.0.1:9077/?ns=demo-worldmap-r1')
    expect(resolveDatabases({ name: 'dev' }).playerTable).toBe('http://127.0.0.1:9078/?ns=demo-worldmap-r2')
    // An unknown name takes the dev port set.
    expect(resolveDatabases({ name: 'bench' }).ports).toEqual(PORTS.dev)
  })

  test('behavior: two instances keep players and leaderboards on main; more take them in turn', () => {
    expect(resolveDatabases({ name: 'test', databases: 2 })).toMatchObject({ players: [], leaderboards: [], playerTable: '' })
    expect(resolveDatabases({ name: 'test', databases: 4 })).toMatchObject({ players: [2], leaderboards: [3] })
    expect(resolveDatabases({ name: 'test', databases: 6 })).toMatchObject({ players: [2, 4], leaderboards: [3, 5] })
    expect(
      resolveDatabases({ name: 'test', databases: 4, regions: { w21: 1, qqg: 2 }, players: [3, 1], leaderboards: [3] }),
    ).toMatchObject({ players: [3, 1], leaderboards: [3] })
  })

  test.each([
    ['main in a list', { players: [0] }],
    ['an instance the stack lacks', { leaderboards: [3] }],
    ['an instance twice', { players: [2, 2] }],
    ['not a list', { players: 2 }],
  ])('error: players/leaderboards naming %s is refused before anything starts', (_, options) => {
    expect(() => resolveDatabases({ name: 'test', ...options })).toThrow(/must list instances 1 to 2, each once/)
  })

  test('behavior: one database runs everything on main, with an empty table', () => {
    expect(resolveDatabases({ name: 'test', databases: 1 })).toMatchObject({
      databases: 1,
      regions: {},
      databaseUrls: ['http://127.0.0.1:9100/?ns=demo-worldmap'],
      regionTable: '',
    })
  })

  test('behavior: region instance i listens on regionDatabase + i - 1 as demo-worldmap-r{i}; regions name instances', () => {
    const shifted = Object.fromEntries(Object.entries(PORTS.test).map(([piece, port]) => [piece, (port as number) + 300]))
    const resolved = resolveDatabases({
      name: 'test-300',
      ports: shifted,
      databases: 4,
      regions: { w21: 1, u09: 2, dr5r: 3, w2: 2 },
    })
    expect(resolved.databaseUrls).toEqual([
      'http://127.0.0.1:9400/?ns=demo-worldmap',
      'http://127.0.0.1:9477/?ns=demo-worldmap-r1',
      'http://127.0.0.1:9478/?ns=demo-worldmap-r2',
      'http://127.0.0.1:9479/?ns=demo-worldmap-r3',
    ])
    expect(resolved.regionTable).toBe(
      'w21=http://127.0.0.1:9477/?ns=demo-worldmap-r1,u09=http://127.0.0.1:9478/?ns=demo-worldmap-r2,' +
        'dr5r=http://127.0.0.1:9479/?ns=demo-worldmap-r3,w2=http://127.0.0.1:9478/?ns=demo-worldmap-r2',
    )
  })

  test('behavior: ports that move the main database without naming regionDatabase put the region instances 77 above it', () => {
    expect(resolveDatabases({ name: 'city', ports: { database: 9650 } }).ports.regionDatabase).toBe(9727)
    expect(resolveDatabases({ name: 'city', ports: { database: 9650, regionDatabase: 9800 } }).ports.regionDatabase).toBe(9800)
  })

  test.each([
    ['0 databases', { databases: 0 }, /^databases must be a whole number from 1 to 8/],
    ['9 databases', { databases: 9 }, /^databases must be a whole number from 1 to 8/],
    ['a fraction', { databases: 1.5 }, /^databases must be a whole number from 1 to 8/],
    ['a list of regions', { regions: ['w21'] }, /^regions must be an object/],
    ['a prefix that is no geohash', { regions: { 'w2a!': 1 } }, /^regions: "w2a!" is not a region prefix/],
    ['a prefix longer than a watch cell', { regions: { w21z73x: 1 } }, /^regions: "w21z73x" is not a region prefix/],
    [
      'main as a region instance',
      { regions: { w21: 0 } },
      /^regions: w21 names region instance 0; this stack has region instances 1 to 2\./,
    ],
    ['an instance the stack does not run', { databases: 3, regions: { w21: 3 } }, /region instances 1 to 2\./],
    ['a region with one database', { databases: 1, regions: { w21: 1 } }, /runs only the main database \(databases: 1\)/],
  ])('error: %s is refused before anything starts', (_name, options, message) => {
    let caught: unknown
    try {
      resolveDatabases({ name: 'test', ...options })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(StackStartError)
    expect(caught).toMatchObject({ code: 'invalid_option', piece: 'database' })
    expect((caught as Error).message).toMatch(message)
  })

  test('error: startStack refuses the same options before anything runs', async () => {
    const ports = { database: await freePort(), regionDatabase: await freePort() }
    const error = await startStack({ name: 'test', ports, databases: 9 }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ name: 'StackStartError', code: 'invalid_option', piece: 'database' })
    for (const port of Object.values(ports)) expect(await isFree(port)).toBe(true)
  })
})

describe('pnpm stack', () => {
  const script = fileURLToPath(new URL('../scripts/stack.mjs', import.meta.url))
  test.each([['0'], ['9'], ['two']])('error: --databases %s exits 1 before anything starts, saying what it takes', (value) => {
    const run = spawnSync(process.execPath, [script, '--test', '--offset', '17000', '--databases', value], {
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('--databases takes a whole number of database instances from 1 to 8')
    expect(run.stdout).not.toContain('Starting')
  })
})

describe('createDatabaseCounters', () => {
  type Listener = (...args: unknown[]) => void
  const fakeSocket = () => {
    const listeners = new Map<string, Listener[]>()
    const sent: unknown[] = []
    return {
      sent,
      socket: {
        send: (data: unknown) => sent.push(data),
        on: (event: string, listener: Listener) => listeners.set(event, [...(listeners.get(event) ?? []), listener]),
      },
      emit: (event: string, ...args: unknown[]) => {
        for (const listener of listeners.get(event) ?? []) listener(...args)
      },
    }
  }
  const message = (action: string, body: unknown = { p: '/x', d: 1 }) =>
    JSON.stringify({ t: 'd', d: { r: 1, a: action, b: body } })

  test('default: a new counter has seen nothing', () => {
    expect(createDatabaseCounters().stats()).toEqual({ connections: 0, peakConnections: 0, writes: 0, bytesIn: 0, bytesOut: 0 })
  })

  test('behavior: sets and updates count as writes; listens, auth and frame counts do not; bytes are counted both ways', () => {
    const counters = createDatabaseCounters()
    const { socket, emit, sent } = fakeSocket()
    counters.watch(socket)
    const frames = [
      message('p'),
      message('m', { p: '/y', d: { a: 1 } }),
      message('l', { p: '/z', h: '' }),
      message('auth', { cred: 't' }),
    ]
    for (const frame of frames) emit('message', frame)
    emit('message', '0')
    const reply = '{"t":"d","d":{"r":1,"b":{"s":"ok","d":""}}}'
    socket.send('1')
    socket.send(reply)
    expect(sent).toEqual(['1', reply])
    expect(counters.stats()).toEqual({
      connections: 1,
      peakConnections: 1,
      writes: 2,
      bytesIn: frames.reduce((total, frame) => total + Buffer.byteLength(frame), 0) + 1,
      bytesOut: 1 + reply.length,
    })
  })

  test('behavior: a write split into frames (its count, then the parts) counts once, when it is whole; Buffers count their bytes', () => {
    const counters = createDatabaseCounters()
    const { socket, emit } = fakeSocket()
    counters.watch(socket)
    const whole = message('p', { p: '/big', d: 'é'.repeat(40) })
    emit('message', '3')
    emit('message', Buffer.from(whole.slice(0, 30)))
    expect(counters.stats().writes).toBe(0)
    emit('message', whole.slice(30, 60))
    emit('message', whole.slice(60))
    expect(counters.stats()).toMatchObject({ writes: 1, bytesIn: 1 + Buffer.byteLength(whole) })
  })

  test('behavior: connections count the open sockets; the peak stays', () => {
    const counters = createDatabaseCounters()
    const first = fakeSocket()
    const second = fakeSocket()
    counters.watch(first.socket)
    counters.watch(second.socket)
    first.emit('close')
    expect(counters.stats()).toMatchObject({ connections: 1, peakConnections: 2 })
  })
})

describe('startStack with three databases', () => {
  test('behavior: each instance is its own database: a write through region instance 1 is not on main; stats count it', {
    timeout: 180_000,
  }, async () => {
    const ports = {
      auth: await freePort(),
      functions: await freePort(),
      database: await freePort(),
      regionDatabase: await freePort(),
      hub: await freePort(),
      logging: await freePort(),
      chain: await freePort(),
      app: 3000,
    }
    const lines: string[] = []
    const stack = await startStack({ name: 'three-databases', ports, log: (line: string) => lines.push(line) })
    const { initializeApp, deleteApp } = requireFromFunctions('firebase-admin/app')
    const { getDatabase } = requireFromFunctions('firebase-admin/database')
    const apps: unknown[] = []
    try {
      const main = `http://127.0.0.1:${ports.database}/?ns=demo-worldmap`
      const region = `http://127.0.0.1:${ports.regionDatabase}/?ns=demo-worldmap-r1`
      const players = `http://127.0.0.1:${ports.regionDatabase + 1}/?ns=demo-worldmap-r2`
      expect(stack.urls.databases).toEqual([main, region, players])
      expect(stack.databaseRegions).toBe(`w21=${region}`)
      expect(stack.env.WORLDMAP_DATABASE_REGIONS).toBe(`w21=${region}`)
      expect(stack.env).toMatchObject({ WORLDMAP_DATABASE_PLAYERS: players, WORLDMAP_DATABASE_LEADERBOARDS: players })
      expect(JSON.parse(stack.env.WORLDMAP_STACK)).toMatchObject({
        databaseRegions: `w21=${region}`,
        databasePlayers: players,
        databaseLeaderboards: players,
        urls: { databases: [main, region, players] },
      })
      expect(lines.filter((line) => line.startsWith('database'))).toEqual([
        `database   ${main} (firebase-server, main: nonces, nullifiers, crowd counters, public cards, every region not listed; rules: apps/functions/database.rules.json)`,
        `database   ${region} (firebase-server, instance 1: region w21; rules: apps/functions/database.rules.json)`,
        `database   ${players} (firebase-server, instance 2: players, leaderboards; rules: apps/functions/database.rules.json)`,
      ])

      // The Admin SDK sends every database to FIREBASE_DATABASE_EMULATOR_HOST: name each instance's host as it is opened.
      const open = (url: string) => {
        const app = initializeApp({ projectId: 'demo-worldmap', databaseURL: url }, `two-databases-${apps.length}`)
        apps.push(app)
        return atDatabaseHost(url, () => getDatabase(app, url))
      }
      const read = (database: { ref(path: string): { once(event: 'value'): Promise<{ val(): unknown }> } }, path: string) =>
        database
          .ref(path)
          .once('value')
          .then((snapshot) => snapshot.val())
      const before = stack.databaseStats()
      const regionDatabase = open(region)
      const mainDatabase = open(main)
      await regionDatabase.ref('drops/1/w21z73/w21z7m4_1_0').set({ kind: 'coin' })
      expect(await read(regionDatabase, 'drops/1/w21z73/w21z7m4_1_0')).toEqual({ kind: 'coin' })
      expect(await read(mainDatabase, 'drops/1/w21z73')).toBeNull()

      const after = stack.databaseStats()
      expect(after.map((entry: { url: string }) => entry.url)).toEqual([main, region, players])
      expect(after[1].writes - before[1].writes).toBe(1)
      expect(after[1].connections).toBeGreaterThanOrEqual(1)
      expect(after[1].peakConnections).toBeGreaterThanOrEqual(1)
      expect(after[1].bytesIn).toBeGreaterThan(before[1].bytesIn)
      expect(after[1].bytesOut).toBeGreaterThan(before[1].bytesOut)
      expect(after[0].writes).toBe(before[0].writes)
      expect(after[0].connections).toBeGreaterThanOrEqual(1)
    } finally {
      await Promise.all(apps.map((app) => deleteApp(app)))
      await stack.stop()
    }
    for (const port of [ports.database, ports.regionDatabase, ports.auth, ports.functions]) {
      await expect.poll(() => isFree(port), { timeout: 5_000 }).toBe(true)
    }
  })
})

describe('rewriteHandshake', () => {
  const hello = { t: 'c', d: { t: 'h', d: { ts: 1, v: '5', h: 'demo-worldmap', s: '' } } }
  const fakeSocket = () => {
    const sent: unknown[] = []
    const socket = { send: (data: unknown) => sent.push(data) }
    return { socket, sent }
  }

  test('default: the handshake names the host the client connected to; later frames are untouched', () => {
    const { socket, sent } = fakeSocket()
    rewriteHandshake(socket, { host: '127.0.0.1:9000' })
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
    rewriteHandshake(socket, { host: '127.0.0.1:9000' })
    socket.send(frame)
    expect(sent).toEqual([frame])
  })

  test('behavior: without a Host header the socket is left alone', () => {
    const { socket } = fakeSocket()
    const send = socket.send
    rewriteHandshake(socket, {})
    expect(socket.send).toBe(send)
  })

  test("behavior: a stand-in with a test clock says the clock's time: server timestamps (the rules' now too) and the handshake clients learn it from", async () => {
    const port = await freePort()
    const threeDaysAhead = () => Date.now() + 3 * 86_400_000
    const database = await startDatabase(port, { namespace: 'demo-worldmap-clock', now: threeDaysAhead })
    const { initializeApp, deleteApp } = requireFromFunctions('firebase-admin/app')
    const { getDatabase, ServerValue } = requireFromFunctions('firebase-admin/database')
    const url = `http://127.0.0.1:${port}/?ns=demo-worldmap-clock`
    const app = initializeApp({ projectId: 'demo-worldmap', databaseURL: url }, `clock-${port}`)
    try {
      const admin = atDatabaseHost(url, () => getDatabase(app, url))
      await admin.ref('clockCheck').set(ServerValue.TIMESTAMP)
      const stamped = (await admin.ref('clockCheck').once('value')).val() as number
      expect(Math.abs(stamped - threeDaysAhead())).toBeLessThan(5_000)
      // What the client computes .info/serverTimeOffset from.
      const offset = (await admin.ref('.info/serverTimeOffset').once('value')).val() as number
      expect(Math.abs(offset - 3 * 86_400_000)).toBeLessThan(5_000)
    } finally {
      await deleteApp(app)
      await database.close()
    }
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
      await expect.poll(() => received.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2)
      client.close()
      // The frame count, then the handshake.
      expect(received[0]).toBe('1')
      expect(JSON.parse(received[1] ?? '')).toMatchObject({ t: 'c', d: { t: 'h', d: { h: `127.0.0.1:${port}` } } })
    } finally {
      await database.close()
    }
  })
})
