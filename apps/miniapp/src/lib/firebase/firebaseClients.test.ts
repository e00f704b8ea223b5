// The Firebase clients are wired from the config without touching the network:
// these checks run offline against the real SDK.
import { expect, test } from 'vitest'
import { readClientConfig } from '../config/readClientConfig.js'
import { getFirebaseApp } from './getFirebaseApp.js'
import { getFirebaseAuth } from './getFirebaseAuth.js'
import { getFirebaseDatabase } from './getFirebaseDatabase.js'
import { getFirebaseFunctions } from './getFirebaseFunctions.js'

const config = readClientConfig(
  {
    PUBLIC_ENV__AUTH_EMULATOR_URL: 'http://127.0.0.1:9199',
    PUBLIC_ENV__FUNCTIONS_EMULATOR_URL: 'http://127.0.0.1:5101',
    PUBLIC_ENV__DATABASE_EMULATOR_URL: 'http://127.0.0.1:9100',
  },
  { hostname: 'localhost', origin: 'http://localhost:3000' },
)

test('default: one named app for project demo-worldmap', () => {
  const app = getFirebaseApp(config)
  expect(app.name).toBe('worldmap')
  expect(app.options).toMatchObject({
    projectId: 'demo-worldmap',
    apiKey: 'demo-api-key',
    databaseURL: 'http://127.0.0.1:9100/?ns=demo-worldmap',
  })
  expect(getFirebaseApp(config)).toBe(app)
})

test('behavior: local mode signs in against the Auth emulator, once', () => {
  const auth = getFirebaseAuth(config)
  expect(auth.emulatorConfig).toMatchObject({ host: '127.0.0.1', port: 9199, protocol: 'http' })
  expect(auth.currentUser).toBeNull()
  expect(getFirebaseAuth(config)).toBe(auth)
})

test('behavior: callables go to the Functions emulator in asia-southeast1', () => {
  const functions = getFirebaseFunctions(config)
  expect(functions.region).toBe('asia-southeast1')
  expect((functions as unknown as { emulatorOrigin: string }).emulatorOrigin).toBe('http://127.0.0.1:5101')
  expect(getFirebaseFunctions(config)).toBe(functions)
})

test('behavior: the database is the local stand-in namespace', () => {
  const database = getFirebaseDatabase(config)
  expect(database.app.name).toBe('worldmap')
  expect(
    (database as unknown as { _repoInternal: { repoInfo_: { host: string; namespace: string } } })._repoInternal.repoInfo_,
  ).toMatchObject({
    host: '127.0.0.1:9100',
    namespace: 'demo-worldmap',
  })
})

test('behavior: signing out with no session resolves', async () => {
  const { signOutBackend } = await import('../../features/auth/signOutBackend.js')
  await expect(signOutBackend(config)).resolves.toBeUndefined()
  expect(getFirebaseAuth(config).currentUser).toBeNull()
})
