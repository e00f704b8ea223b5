// @vitest-environment happy-dom
// The session survives a reload: Firebase Auth persists its user in
// localStorage, checks it with the backend on start (here a small stand-in
// for the Auth emulator's accounts:lookup), and the app reads it back
// (restoreSession's backend half). Sign-out removes it.
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { deleteApp, getApps } from 'firebase/app'
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { createSessionDependencies } from '../../features/auth/createSessionDependencies.js'
import { type ClientConfig, readClientConfig } from '../config/readClientConfig.js'

// Tests resolve packages with Node's conditions, and Firebase's Node build
// swaps browserLocalPersistence for in-memory. Use the browser build the app
// ships, so this is the persistence players get.
vi.mock('firebase/auth', async () => {
  const require = createRequire(import.meta.url)
  const firebaseAuth = createRequire(require.resolve('firebase/auth')).resolve('@firebase/auth')
  return import(pathToFileURL(join(firebaseAuth, '../../esm/index.js')).href)
})

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'

/** accounts:lookup answers for `known` users and refuses the rest, as the emulator does. */
let known = new Set<string>()
const lookups: string[] = []
let server: Server
let config: ClientConfig
beforeAll(async () => {
  server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*')
    response.setHeader('access-control-allow-headers', '*')
    if (request.method === 'OPTIONS') return response.end()
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const { idToken } = JSON.parse(body || '{}') as { idToken?: string }
      lookups.push(`${request.url?.split('?')[0]} ${idToken}`)
      response.setHeader('content-type', 'application/json')
      const uid = idToken?.replace(/^token-for-/, '') ?? ''
      if (known.has(uid)) return response.end(JSON.stringify({ users: [{ localId: uid, providerUserInfo: [] }] }))
      response.statusCode = 400
      response.end(JSON.stringify({ error: { code: 400, message: 'USER_NOT_FOUND' } }))
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  config = readClientConfig(
    { PUBLIC_ENV__AUTH_EMULATOR_URL: `http://127.0.0.1:${port}` },
    { hostname: 'localhost', origin: 'http://localhost:3000' },
  )
})
afterAll(() => new Promise<void>((done) => server.close(() => done())))

// Every test is a fresh launch: no Firebase app or Auth instance left from the last one.
beforeEach(async () => {
  await Promise.all(getApps().map((app) => deleteApp(app)))
  vi.resetModules()
  localStorage.clear()
  lookups.length = 0
  known = new Set()
})

/** What Firebase itself stored for the app's user on an earlier launch. */
function persistFirebaseUser(uid: string) {
  const now = Date.now()
  localStorage.setItem(
    `firebase:authUser:${config.firebase.apiKey}:worldmap`,
    JSON.stringify({
      uid,
      emailVerified: false,
      isAnonymous: false,
      providerData: [],
      stsTokenManager: { refreshToken: 'refresh-token', accessToken: `token-for-${uid}`, expirationTime: now + 3_600_000 },
      createdAt: String(now),
      lastLoginAt: String(now),
      apiKey: config.firebase.apiKey,
      appName: 'worldmap',
    }),
  )
}

const firebaseKeys = () => Object.keys(localStorage).filter((key) => key.startsWith('firebase:authUser:'))

test('behavior: a session the backend still accepts comes back after a reload; sign-out removes it', async () => {
  known.add(ADDRESS)
  persistFirebaseUser(ADDRESS)
  const session = createSessionDependencies(config)

  const user = await session.restoreBackendUser()
  expect(user?.uid).toBe(ADDRESS)
  await expect(user?.getIdToken()).resolves.toBe(`token-for-${ADDRESS}`)
  // Firebase checked it with the backend before saying so.
  expect(lookups).toEqual([`/identitytoolkit.googleapis.com/v1/accounts:lookup token-for-${ADDRESS}`])

  await session.signOutBackend()
  expect(firebaseKeys()).toEqual([])
  const { getFirebaseAuth } = await import('./getFirebaseAuth.js')
  expect(getFirebaseAuth(config).currentUser).toBeNull()
})

test('behavior: a session the backend refuses (user gone) is no session, and Firebase drops it', async () => {
  persistFirebaseUser(ADDRESS)
  await expect(createSessionDependencies(config).restoreBackendUser()).resolves.toBeNull()
  expect(lookups).toHaveLength(1)
  expect(firebaseKeys()).toEqual([])
})

test('behavior: nothing persisted → no user, and no request at all', async () => {
  await expect(createSessionDependencies(config).restoreBackendUser()).resolves.toBeNull()
  expect(lookups).toEqual([])
})
