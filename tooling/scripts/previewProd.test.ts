import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, test } from 'vitest'
import {
  cleanChildEnv,
  PREVIEW_APP_ID,
  PREVIEW_PORTS,
  PREVIEW_VERIFY_ACTION,
  previewEnv,
  previewFirebaseConfig,
} from './previewProd.mjs'
import { previewUsername, startDeveloperPortalStandIn, startUsernamesStandIn } from './previewStandIns.mjs'

const root = join(import.meta.dirname, '../..')

/** The workspace packages, resolved as the functions resolve them (tooling/ is no package of its own). */
const requireFromFunctions = createRequire(join(root, 'apps/functions/package.json'))
const importFromFunctions = (specifier: string) => import(pathToFileURL(requireFromFunctions.resolve(specifier)).href)
const firebaseJson = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'))

describe('firebase.json', () => {
  test('default: database rules, two nodejs22 codebases, Hosting of the client build with every route rewritten to ssr', () => {
    expect(firebaseJson.database).toEqual({ rules: 'apps/functions/database.rules.json' })
    expect(firebaseJson.functions).toEqual([
      { codebase: 'default', source: 'apps/functions/dist', configDir: 'apps/functions', runtime: 'nodejs22' },
      { codebase: 'ssr', source: 'apps/functions/dist-ssr', configDir: 'apps/functions', runtime: 'nodejs22' },
    ])
    const ssr = { functionId: 'ssr', region: 'asia-southeast1' }
    expect(firebaseJson.hosting.public).toBe('apps/miniapp/dist/client')
    expect(firebaseJson.hosting.rewrites).toEqual([
      { source: '/api/**', function: ssr },
      { source: '**', function: ssr },
    ])
    expect(firebaseJson.hosting.headers).toContainEqual({
      source: '/assets/**',
      headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }],
    })
  })
})

describe('previewFirebaseConfig', () => {
  const workDir = join(root, 'apps/functions/node_modules/.cache/preview-prod/x')
  const config = previewFirebaseConfig(firebaseJson, {
    configFileDir: workDir,
    hostingPublic: join(root, 'apps/miniapp/node_modules/.cache/preview-prod/x/client'),
    sources: { default: join(workDir, 'functions'), ssr: join(workDir, 'ssr') },
    configDir: workDir,
    ports: PREVIEW_PORTS,
  })

  test('behavior: the emulators run the repository’s firebase.json; only paths and ports differ', () => {
    const withoutPaths = (value: typeof firebaseJson) => ({
      ...value,
      emulators: undefined,
      database: { ...value.database, rules: undefined },
      hosting: { ...value.hosting, public: undefined },
      functions: value.functions.map((entry: object) => ({ ...entry, source: undefined, configDir: undefined })),
    })
    expect(withoutPaths(config)).toEqual(withoutPaths(firebaseJson))
  })

  test('behavior: the paths point at this run’s builds, relative to the copy', () => {
    expect(config.hosting.public).toBe('../../../../../miniapp/node_modules/.cache/preview-prod/x/client')
    expect(config.functions.map((entry: { source: string; configDir: string }) => [entry.source, entry.configDir])).toEqual([
      ['functions', '.'],
      ['ssr', '.'],
    ])
    expect(config.database.rules).toBe('../../../../database.rules.json')
    expect(config.emulators).toMatchObject({
      hosting: { host: '127.0.0.1', port: 5300 },
      functions: { port: 5301 },
      auth: { port: 9399 },
      hub: { port: 4699 },
      logging: { port: 4799 },
    })
  })

  test('error: a codebase without a preview build', () => {
    expect(() =>
      previewFirebaseConfig(firebaseJson, {
        configFileDir: workDir,
        hostingPublic: workDir,
        sources: { default: workDir },
        configDir: workDir,
        ports: PREVIEW_PORTS,
      }),
    ).toThrowErrorMatchingInlineSnapshot(`[PreviewStartError: firebase.json: no preview build for codebase ssr]`)
  })
})

describe('previewEnv', () => {
  const { publicEnv, functionsEnv, urls } = previewEnv({
    ports: PREVIEW_PORTS,
    nonceSecret: 'n'.repeat(64),
    dropSeed: 'd'.repeat(64),
    publicIdKey: 'p'.repeat(64),
  })

  test('default: production mode on both sides, one app id and action, every endpoint local', () => {
    expect(publicEnv.PUBLIC_ENV__WORLDMAP_MODE).toBe('production')
    expect(functionsEnv.WORLDMAP_MODE).toBe('production')
    expect([publicEnv.PUBLIC_ENV__APP_ID, functionsEnv.WORLDMAP_APP_ID]).toEqual([PREVIEW_APP_ID, PREVIEW_APP_ID])
    expect([publicEnv.PUBLIC_ENV__VERIFY_ACTION, functionsEnv.WORLDMAP_VERIFY_ACTION]).toEqual([
      PREVIEW_VERIFY_ACTION,
      PREVIEW_VERIFY_ACTION,
    ])
    expect(functionsEnv.WORLDMAP_VERIFIER).toBe('developer-portal')
    expect(functionsEnv.WORLDMAP_DEVELOPER_PORTAL_URL).toBe('http://127.0.0.1:5311')
    expect(functionsEnv.WORLDMAP_APP_ORIGINS).toBe('http://127.0.0.1:5300,http://localhost:5300')
    expect(functionsEnv.WORLDMAP_USERNAMES_URL).toBe(urls.usernames)
    expect(functionsEnv.WORLDMAP_AVATAR_ORIGINS).toBe(new URL(urls.usernames).origin)
    expect(urls.app).toBe('http://127.0.0.1:5300')
    for (const value of [...Object.values(publicEnv), ...Object.values(functionsEnv)]) {
      if (URL.canParse(value) && /^https?:/.test(value))
        expect(new URL(value).hostname).toMatch(/^(127\.0\.0\.1|[a-z0-9-]+\.localhost)$/)
    }
    // The database on a *.localhost name in front of the shard proxy; the functions reach the stand-in directly.
    expect(publicEnv.PUBLIC_ENV__FIREBASE_DATABASE_URL).toBe('http://worldmap-default-rtdb.localhost:9400/?ns=demo-worldmap')
    expect(publicEnv).not.toHaveProperty('PUBLIC_ENV__DATABASE_EMULATOR_URL')
    expect(urls.databaseShard).toBe('http://s-preview1.localhost:9400')
    expect(functionsEnv.WORLDMAP_DATABASE_EMULATOR_HOST).toBe('127.0.0.1:9401')
  })

  test('behavior: every production variable of the contract is set', () => {
    expect(Object.keys(publicEnv)).toEqual(
      expect.arrayContaining([
        'PUBLIC_ENV__APP_ID',
        'PUBLIC_ENV__VERIFY_ACTION',
        'PUBLIC_ENV__FIREBASE_PROJECT_ID',
        'PUBLIC_ENV__FIREBASE_API_KEY',
        'PUBLIC_ENV__FIREBASE_DATABASE_URL',
        'PUBLIC_ENV__MAP_STYLE_URL',
        'PUBLIC_ENV__USERNAMES_URL',
        'PUBLIC_ENV__WORLDCHAIN_RPC_URL',
      ]),
    )
    expect(Object.keys(functionsEnv)).toEqual(
      expect.arrayContaining([
        'WORLDMAP_NONCE_SECRET',
        'WORLDMAP_DROP_SEED',
        'WORLDMAP_PUBLIC_ID_KEY',
        'WORLDMAP_APP_ID',
        'WORLDMAP_VERIFY_ACTION',
        'WORLDMAP_APP_ORIGINS',
        'WORLDCHAIN_RPC_URL',
        'WORLDMAP_VERIFIER',
        'WORLDMAP_DEVELOPER_PORTAL_URL',
      ]),
    )
  })
})

test('cleanChildEnv: drops what points at another stack, keeps the rest', () => {
  expect(
    cleanChildEnv({
      PATH: '/usr/bin',
      HOME: '/root',
      WORLDMAP_STACK: '{}',
      FIREBASE_DATABASE_EMULATOR_HOST: '127.0.0.1:9100',
      GCLOUD_PROJECT: 'demo-worldmap',
      PUBLIC_ENV__APP_ID: 'app_x',
      FUNCTIONS_EMULATOR_ORIGIN: 'http://127.0.0.1:5101',
      UNSET: undefined,
    }),
  ).toEqual({ PATH: '/usr/bin', HOME: '/root' })
})

describe('stand-ins', () => {
  test('usernames: POST /api/v1/query names every wallet; anything else is refused', async () => {
    const server = await startUsernamesStandIn(0)
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const address = '0xAbCdEf0123456789abcdef0123456789ABCDEF01'
      const reply = await fetch(`${base}/api/v1/query`, { method: 'POST', body: JSON.stringify({ addresses: [address] }) })
      expect(reply.headers.get('access-control-allow-origin')).toBe('*')
      expect(await reply.json()).toEqual([{ address, username: 'preview-abcdef', profile_picture_url: null }])
      expect(previewUsername(address)).toBe('preview-abcdef')
      expect((await fetch(`${base}/api/v1/query`, { method: 'POST', body: '{}' })).status).toBe(400)
      expect((await fetch(`${base}/api/v1/someone`)).status).toBe(404)
      expect((await fetch(`${base}/api/v1/query`, { method: 'OPTIONS' })).status).toBe(204)
    } finally {
      server.close()
    }
  })

  test('developer portal: a simulator proof for the app, action and signal verifies; another signal does not', async () => {
    const server = await startDeveloperPortalStandIn(0)
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const { createSimulatedIdentity } = await importFromFunctions('@worldmap/simulator')
      const { hashToField } = await importFromFunctions('@worldmap/minikit')
      const identity = createSimulatedIdentity({ seed: 'preview-test' })
      const proof = await identity.prove({
        appId: PREVIEW_APP_ID,
        action: PREVIEW_VERIFY_ACTION,
        signalHash: hashToField('uid-1'),
        level: 'orb',
      })
      const send = (signal: string) =>
        fetch(`${base}/api/v2/verify/${PREVIEW_APP_ID}`, {
          method: 'POST',
          body: JSON.stringify({ ...proof, action: PREVIEW_VERIFY_ACTION, signal_hash: hashToField(signal) }),
        })
      const ok = await send('uid-1')
      expect(ok.status).toBe(200)
      expect(await ok.json()).toEqual({
        success: true,
        action: PREVIEW_VERIFY_ACTION,
        nullifier_hash: proof.nullifier_hash,
        verification_level: 'orb',
      })
      const wrong = await send('uid-2')
      expect(wrong.status).toBe(400)
      expect(await wrong.json()).toMatchObject({ code: 'invalid_proof' })
      expect((await fetch(`${base}/api/v2/verify/${PREVIEW_APP_ID}`, { method: 'POST', body: '{}' })).status).toBe(400)
      expect((await fetch(`${base}/api/v2/verify/nope`, { method: 'POST' })).status).toBe(404)
    } finally {
      server.close()
    }
  })
})
