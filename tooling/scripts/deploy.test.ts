import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { checkFunctionsEnv } from '../../apps/functions/src/config/checkFunctionsEnv.js'
import { checkClientEnv, checkServerEnv } from '../../apps/miniapp/src/server/checkProductionEnv.js'
import { createDatabaseRouter, LEADERBOARD_COUNTER_SHARDS } from '../../packages/game/src/exports/index.js'
import {
  DeployUsageError,
  databaseInstancesOf,
  databaseLayoutOf,
  deployConfigFor,
  findDeployProblems,
  loadDeployEnv,
  parseDeployArgs,
  parseEnvFile,
} from './deploy.mjs'

const checks = { checkClientEnv, checkServerEnv, checkFunctionsEnv }

describe('parseDeployArgs', () => {
  test('default: --project, no dry run', () => {
    expect(parseDeployArgs(['--project', 'worldmap-prod'])).toEqual({ project: 'worldmap-prod', dryRun: false })
  })

  test('parameters: --dry-run, -P, and the `--` pnpm passes through', () => {
    expect(parseDeployArgs(['--', '-P', 'worldmap-prod', '--dry-run'])).toEqual({ project: 'worldmap-prod', dryRun: true })
    expect(parseDeployArgs(['--project=worldmap-prod'])).toEqual({ project: 'worldmap-prod', dryRun: false })
  })

  test.each([
    [[], '--project is required'],
    [['--project'], 'argument missing'],
    [['--project', 'Worldmap_Prod'], '--project is not a Firebase project id (6–30 of a-z, 0-9, -)'],
    [['--project', 'demo-worldmap'], '--project: demo- projects exist only in the emulators and cannot be deployed to'],
    [['--project', 'worldmap-prod', '--force'], "Unknown option '--force'"],
  ])('error: %j', (argv, message) => {
    expect(() => parseDeployArgs(argv)).toThrow(DeployUsageError)
    expect(() => parseDeployArgs(argv)).toThrow(message)
    expect(() => parseDeployArgs(argv)).toThrow('usage: pnpm run deploy --project <firebase-project-id> [--dry-run]')
  })
})

test('parseEnvFile: comments, export, quotes, trailing comments', () => {
  expect(
    parseEnvFile(
      [
        '# a comment',
        '',
        'A=1',
        'export B = two ',
        'C="three # not a comment\\nline"',
        "D='four'",
        'E=five # a comment',
        'not a line',
        'F=',
      ].join('\n'),
    ),
  ).toEqual({ A: '1', B: 'two', C: 'three # not a comment\nline', D: 'four', E: 'five', F: '' })
})

const clientEnv = {
  PUBLIC_ENV__APP_ID: 'app_0123456789abcdef0123456789abcdef',
  PUBLIC_ENV__VERIFY_ACTION: 'verify-human',
  PUBLIC_ENV__FIREBASE_PROJECT_ID: 'worldmap-prod',
  PUBLIC_ENV__FIREBASE_API_KEY: 'AIzaSyA-example-key',
  PUBLIC_ENV__FIREBASE_AUTH_DOMAIN: 'worldmap-prod.firebaseapp.com',
  PUBLIC_ENV__FIREBASE_DATABASE_URL: 'https://worldmap-prod-default-rtdb.asia-southeast1.firebasedatabase.app',
  PUBLIC_ENV__MAP_STYLE_URL: 'https://tiles.openfreemap.org/styles/liberty',
  PUBLIC_ENV__USERNAMES_URL: 'https://usernames.worldcoin.org',
  PUBLIC_ENV__WORLDCHAIN_RPC_URL: 'https://worldchain-mainnet.g.alchemy.com/public',
}
const functionsEnv = {
  WORLDMAP_APP_ID: 'app_0123456789abcdef0123456789abcdef',
  WORLDMAP_VERIFY_ACTION: 'verify-human',
  WORLDMAP_APP_ORIGINS: 'https://worldmap-prod.web.app,https://worldmap-prod.firebaseapp.com',
  WORLDCHAIN_RPC_URL: 'https://worldchain-mainnet.g.alchemy.com/public',
  WORLDMAP_VERIFIER: 'developer-portal',
  WORLDMAP_DEVELOPER_PORTAL_URL: 'https://developer.worldcoin.org',
}

describe('findDeployProblems', () => {
  test('default: a complete production configuration has none', () => {
    expect(findDeployProblems({ project: 'worldmap-prod', clientEnv, functionsEnv, checks })).toEqual([])
  })

  test('behavior: every missing variable of every runtime at once, by name', () => {
    const problems = findDeployProblems({ project: 'worldmap-prod', clientEnv: {}, functionsEnv: {}, checks })
    const variables = problems.map((problem) => `${problem.file}:${problem.variable}`)
    for (const variable of Object.keys(clientEnv).filter((name) => name !== 'PUBLIC_ENV__FIREBASE_AUTH_DOMAIN'))
      expect(variables).toContain(`client:${variable}`)
    for (const variable of ['WORLDMAP_APP_ID', 'WORLDMAP_APP_ORIGINS', 'WORLDCHAIN_RPC_URL', 'WORLDMAP_DEVELOPER_PORTAL_URL'])
      expect(variables).toContain(`functions:${variable}`)
  })

  test('behavior: loopback, emulator and demo values are refused, never echoed', () => {
    const problems = findDeployProblems({
      project: 'worldmap-prod',
      clientEnv: {
        ...clientEnv,
        PUBLIC_ENV__USERNAMES_URL: 'http://localhost:5310',
        PUBLIC_ENV__AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
      },
      functionsEnv: {
        ...functionsEnv,
        WORLDMAP_APP_ORIGINS: 'https://worldmap-prod.web.app,http://127.0.0.1:5300',
        WORLDMAP_DATABASE_EMULATOR_HOST: '127.0.0.1:9000',
      },
      checks,
    })
    const text = JSON.stringify(problems)
    expect(text).not.toMatch(/127\.0\.0\.1|:5310|:9099/)
    expect(problems.map((problem) => `${problem.file}:${problem.variable}`)).toEqual([
      'client:PUBLIC_ENV__AUTH_EMULATOR_URL',
      'client:PUBLIC_ENV__USERNAMES_URL',
      'functions:WORLDMAP_APP_ORIGINS',
      'functions:WORLDMAP_DATABASE_EMULATOR_HOST',
    ])
  })

  test('behavior: what the runtimes allow but a deploy must not — a loopback origin, an emulator host', () => {
    const problems = findDeployProblems({
      project: 'worldmap-prod',
      clientEnv,
      functionsEnv: { ...functionsEnv, SOME_SERVICE_URL: 'http://localhost:8080', SOME_EMULATOR_HOST: 'x:1' },
      checks,
    })
    expect(problems).toEqual([
      {
        file: 'functions',
        variable: 'SOME_SERVICE_URL',
        reason: 'points at this machine (localhost), not at a deployed service',
      },
      { file: 'functions', variable: 'SOME_EMULATOR_HOST', reason: 'is an emulator setting: a deploy must not set it' },
    ])
  })

  test('behavior: the client must be built for the project deployed, with the functions’ app id and action', () => {
    const problems = findDeployProblems({
      project: 'worldmap-staging',
      clientEnv: { ...clientEnv, PUBLIC_ENV__VERIFY_ACTION: 'verify' },
      functionsEnv,
      checks,
    })
    expect(problems).toContainEqual({
      file: 'client',
      variable: 'PUBLIC_ENV__FIREBASE_PROJECT_ID',
      reason: 'is not the project being deployed (--project)',
    })
    expect(problems).toContainEqual({
      file: 'client',
      variable: 'PUBLIC_ENV__VERIFY_ACTION',
      reason: "differs from the functions' WORLDMAP_VERIFY_ACTION",
    })
  })

  test('behavior: demo projects and the staging app id are refused; secrets belong in Secret Manager', () => {
    const problems = findDeployProblems({
      project: 'worldmap-prod',
      clientEnv: { ...clientEnv, PUBLIC_ENV__FIREBASE_AUTH_DOMAIN: 'demo-worldmap.firebaseapp.com' },
      functionsEnv: { ...functionsEnv, WORLDMAP_APP_ID: 'app_staging_worldmap', WORLDMAP_NONCE_SECRET: 'x'.repeat(40) },
      checks,
    })
    const byVariable = (file: string, variable: string) =>
      problems.filter((problem) => problem.file === file && problem.variable === variable).map((problem) => problem.reason)
    expect(byVariable('client', 'PUBLIC_ENV__FIREBASE_AUTH_DOMAIN')).toContain(
      'names a demo- project, which exists only in the emulators',
    )
    expect(byVariable('functions', 'WORLDMAP_APP_ID')).toContain('is the local stack’s staging app id')
    expect(byVariable('functions', 'WORLDMAP_NONCE_SECRET').join(' ')).toMatch(/functions:secrets:set/)
    expect(JSON.stringify(problems)).not.toContain('x'.repeat(40))
  })
})

describe('sharded databases (issue 22, point 7)', () => {
  const sea = 'https://worldmap-sea-1.asia-southeast1.firebasedatabase.app'
  const jkt = 'https://worldmap-jkt-1.asia-southeast1.firebasedatabase.app'

  test('default: one region table on both sides deploys; spacing and order do not matter', () => {
    expect(
      findDeployProblems({
        project: 'worldmap-prod',
        clientEnv: { ...clientEnv, PUBLIC_ENV__DATABASE_REGIONS: `w21=${sea}, qqg = ${jkt}` },
        functionsEnv: { ...functionsEnv, WORLDMAP_DATABASE_REGIONS: `qqg=${jkt},w21=${sea}` },
        checks,
      }),
    ).toEqual([])
  })

  test.each([
    ['only the functions have it', undefined, `w21=${sea}`],
    ['only the app has it', `w21=${sea}`, undefined],
    ['a region routed elsewhere', `w21=${sea}`, `w21=${jkt}`],
  ])('error: the app and the functions disagree (%s): the app would read where nobody writes', (_name, client, server) => {
    const problems = findDeployProblems({
      project: 'worldmap-prod',
      clientEnv: { ...clientEnv, ...(client ? { PUBLIC_ENV__DATABASE_REGIONS: client } : {}) },
      functionsEnv: { ...functionsEnv, ...(server ? { WORLDMAP_DATABASE_REGIONS: server } : {}) },
      checks,
    })
    expect(problems).toContainEqual({
      file: 'client',
      variable: 'PUBLIC_ENV__DATABASE_REGIONS',
      reason:
        "differs from the functions' WORLDMAP_DATABASE_REGIONS (the app would read drops where the functions do not write them)",
    })
  })

  test('behavior: a region instance on this machine is refused, never echoed', () => {
    const problems = findDeployProblems({
      project: 'worldmap-prod',
      clientEnv,
      functionsEnv: { ...functionsEnv, WORLDMAP_DATABASE_REGIONS: 'w21=http://127.0.0.1:9177/?ns=demo-worldmap-r1' },
      checks,
    })
    expect(problems.map((problem) => `${problem.file}:${problem.variable}`)).toContain('functions:WORLDMAP_DATABASE_REGIONS')
    expect(JSON.stringify(problems)).not.toContain('9177')
  })

  test('behavior: the rules go to the main instance and every region instance, each once', () => {
    const instances = databaseInstancesOf({ ...clientEnv, PUBLIC_ENV__DATABASE_REGIONS: `w21=${sea},w3=${sea},qqg=${jkt}` })
    expect(instances).toEqual(['worldmap-prod-default-rtdb', 'worldmap-jkt-1', 'worldmap-sea-1'])
    const firebaseJson = { database: { rules: 'apps/functions/database.rules.json' }, hosting: { public: 'x' } }
    expect(deployConfigFor(firebaseJson, instances)).toEqual({
      hosting: { public: 'x' },
      database: instances.map((instance) => ({ instance, rules: 'apps/functions/database.rules.json' })),
    })
    // During a table switch the next table's instances get the rules too, before the switch day.
    const p2 = 'https://worldmap-p2.asia-southeast1.firebasedatabase.app'
    const lb2 = 'https://worldmap-lb2.asia-southeast1.firebasedatabase.app'
    expect(
      databaseInstancesOf(clientEnv, {
        WORLDMAP_DATABASE_SWITCH_DAY: '2026-12-07',
        WORLDMAP_DATABASE_NEXT_REGIONS: `w21=${sea}`,
        WORLDMAP_DATABASE_NEXT_PLAYERS: p2,
        WORLDMAP_DATABASE_NEXT_LEADERBOARDS: lb2,
      }),
    ).toEqual(['worldmap-prod-default-rtdb', 'worldmap-sea-1', 'worldmap-p2', 'worldmap-lb2'])
    // One instance: firebase.json as it is.
    expect(databaseInstancesOf(clientEnv)).toEqual(['worldmap-prod-default-rtdb'])
    expect(deployConfigFor(firebaseJson, ['worldmap-prod-default-rtdb'])).toBe(firebaseJson)
  })
})

describe('player and leaderboard instances (issue 35, point 1)', () => {
  const sea = 'https://worldmap-sea-1.asia-southeast1.firebasedatabase.app'
  const p1 = 'https://worldmap-p1.asia-southeast1.firebasedatabase.app'
  const p2 = 'https://worldmap-p2.asia-southeast1.firebasedatabase.app'
  const lb1 = 'https://worldmap-lb1.asia-southeast1.firebasedatabase.app'
  const lb2 = 'https://worldmap-lb2.asia-southeast1.firebasedatabase.app'
  const reason =
    "differs from the functions' WORLDMAP_DATABASE_PLAYERS (the app would read a player's records where the functions do not write them)"

  test('default: one player table on both sides deploys; spacing and order do not matter (the uid’s hash ignores order)', () => {
    const problems = findDeployProblems({
      project: 'worldmap-prod',
      clientEnv: { ...clientEnv, PUBLIC_ENV__DATABASE_PLAYERS: `${p1}, ${p2}` },
      functionsEnv: { ...functionsEnv, WORLDMAP_DATABASE_PLAYERS: `${p2},${p1}`, WORLDMAP_DATABASE_LEADERBOARDS: lb1 },
      checks,
    })
    expect(problems.filter((problem) => problem.variable.includes('DATABASE_'))).toEqual([])
    // The router agrees: the same player on the same instance whichever way the list is spelled.
    const main = clientEnv.PUBLIC_ENV__FIREBASE_DATABASE_URL
    for (const uid of ['0xa11ce', '0xb0b', '0xc4a7'])
      expect(createDatabaseRouter(main, { players: [p1, p2] }).instanceOfPlayer(uid)).toBe(
        createDatabaseRouter(main, { players: [p2, p1] }).instanceOfPlayer(uid),
      )
  })

  test.each([
    ['only the functions have it', undefined, p1],
    ['only the app has it', p1, undefined],
    ['an instance more on one side', p1, `${p1},${p2}`],
    ['another instance', p1, p2],
  ])('error: the app and the functions disagree (%s): the app would read where nobody writes', (_name, client, server) => {
    const problems = findDeployProblems({
      project: 'worldmap-prod',
      clientEnv: { ...clientEnv, ...(client ? { PUBLIC_ENV__DATABASE_PLAYERS: client } : {}) },
      functionsEnv: { ...functionsEnv, ...(server ? { WORLDMAP_DATABASE_PLAYERS: server } : {}) },
      checks,
    })
    expect(problems).toContainEqual({ file: 'client', variable: 'PUBLIC_ENV__DATABASE_PLAYERS', reason })
  })

  test('behavior: a player instance on this machine is refused by the app’s own rules, never echoed', () => {
    const local = 'http://127.0.0.1:9178/?ns=demo-worldmap-r2'
    const problems = findDeployProblems({
      project: 'worldmap-prod',
      clientEnv: { ...clientEnv, PUBLIC_ENV__DATABASE_PLAYERS: local },
      functionsEnv: { ...functionsEnv, WORLDMAP_DATABASE_PLAYERS: local },
      checks,
    })
    expect(problems.map((problem) => `${problem.file}:${problem.variable}`)).toContain('client:PUBLIC_ENV__DATABASE_PLAYERS')
    expect(JSON.stringify(problems)).not.toContain('9178')
  })

  test('behavior: the rules go to main, every region, player and leaderboard instance, each once', () => {
    const instances = databaseInstancesOf(
      { ...clientEnv, PUBLIC_ENV__DATABASE_REGIONS: `w21=${sea}`, PUBLIC_ENV__DATABASE_PLAYERS: `${p1},${p2}` },
      { WORLDMAP_DATABASE_PLAYERS: `${p1},${p2}`, WORLDMAP_DATABASE_LEADERBOARDS: `${lb1},${lb2},${p2}` },
    )
    expect(instances).toEqual([
      'worldmap-prod-default-rtdb',
      'worldmap-sea-1',
      'worldmap-p1',
      'worldmap-p2',
      'worldmap-lb1',
      'worldmap-lb2',
    ])
  })

  test('behavior: the layout says which instance holds what, as the router routes it', () => {
    const layout = databaseLayoutOf(
      { ...clientEnv, PUBLIC_ENV__DATABASE_REGIONS: `w21=${sea},qqg=${sea}`, PUBLIC_ENV__DATABASE_PLAYERS: `${p1},${p2}` },
      { WORLDMAP_DATABASE_PLAYERS: `${p1},${p2}`, WORLDMAP_DATABASE_LEADERBOARDS: `${lb1},${lb2}` },
      LEADERBOARD_COUNTER_SHARDS,
    )
    expect(layout).toEqual([
      'worldmap-prod-default-rtdb  main: what must be global; regions not in the table',
      'worldmap-sea-1              regions qqg, w21',
      'worldmap-p1                 players (1 of 2, by uid hash)',
      'worldmap-p2                 players (1 of 2, by uid hash)',
      'worldmap-lb1                leaderboard counter shards 0, 2, 4, 6; each week’s top and floor',
      'worldmap-lb2                leaderboard counter shards 1, 3, 5, 7',
    ])
    // The shards listed are the router's.
    const router = createDatabaseRouter(clientEnv.PUBLIC_ENV__FIREBASE_DATABASE_URL, { leaderboards: [lb1, lb2] })
    expect([0, 2, 4, 6].map((shard) => router.instanceOfCounterShard(shard))).toEqual(Array(4).fill(lb1))
    expect(router.leaderboardHome).toBe(lb1)
    // No tables: main holds everything.
    expect(databaseLayoutOf(clientEnv, {})).toEqual([
      'worldmap-prod-default-rtdb  main: what must be global; every region; players; the leaderboard',
    ])
  })
})

describe('loadDeployEnv', () => {
  let dir: string | undefined
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
    dir = undefined
  })

  test('default: Vite’s order for the client (the shell wins), .env then .env.<project> for the functions', () => {
    dir = mkdtempSync(join(tmpdir(), 'deploy-env-'))
    mkdirSync(join(dir, 'apps/miniapp'), { recursive: true })
    mkdirSync(join(dir, 'apps/functions'), { recursive: true })
    writeFileSync(join(dir, 'apps/miniapp/.env'), 'PUBLIC_ENV__APP_ID=app_base\nPUBLIC_ENV__MAP_STYLE_URL=offline\nOTHER=1\n')
    writeFileSync(join(dir, 'apps/miniapp/.env.production'), 'PUBLIC_ENV__APP_ID=app_prod\n')
    writeFileSync(join(dir, 'apps/functions/.env'), 'WORLDMAP_VERIFY_ACTION=verify-human\nWORLDMAP_APP_ID=app_base\n')
    writeFileSync(join(dir, 'apps/functions/.env.worldmap-prod'), 'WORLDMAP_APP_ID=app_prod\n')
    writeFileSync(join(dir, 'apps/functions/.env.worldmap-staging'), 'WORLDMAP_APP_ID=app_staging\n')
    const loaded = loadDeployEnv({
      project: 'worldmap-prod',
      rootDir: dir,
      processEnv: { PUBLIC_ENV__MAP_STYLE_URL: 'https://tiles.example/style.json', PATH: '/usr/bin' },
    })
    expect(loaded.clientEnv).toEqual({
      PUBLIC_ENV__APP_ID: 'app_prod',
      PUBLIC_ENV__MAP_STYLE_URL: 'https://tiles.example/style.json',
    })
    expect(loaded.functionsEnv).toEqual({ WORLDMAP_VERIFY_ACTION: 'verify-human', WORLDMAP_APP_ID: 'app_prod' })
    expect(loaded.files.map((file) => file.slice((dir as string).length + 1))).toEqual([
      'apps/miniapp/.env',
      'apps/miniapp/.env.production',
      'apps/functions/.env',
      'apps/functions/.env.worldmap-prod',
    ])
  })
})

describe('a table switch (issue 35, point 3)', () => {
  const sea = 'https://worldmap-sea-1.asia-southeast1.firebasedatabase.app'
  const p1 = 'https://worldmap-p1.asia-southeast1.firebasedatabase.app'
  const p2 = 'https://worldmap-p2.asia-southeast1.firebasedatabase.app'
  const lb2 = 'https://worldmap-lb2.asia-southeast1.firebasedatabase.app'
  const client = {
    ...clientEnv,
    PUBLIC_ENV__DATABASE_SWITCH_DAY: '2026-12-07',
    PUBLIC_ENV__DATABASE_NEXT_REGIONS: `w21=${sea}`,
    PUBLIC_ENV__DATABASE_NEXT_PLAYERS: `${p1},${p2}`,
  }
  const functions = {
    ...functionsEnv,
    WORLDMAP_DATABASE_SWITCH_DAY: '2026-12-07',
    WORLDMAP_DATABASE_NEXT_REGIONS: ` w21 = ${sea} `,
    WORLDMAP_DATABASE_NEXT_PLAYERS: `${p2}, ${p1}`,
    WORLDMAP_DATABASE_NEXT_LEADERBOARDS: lb2,
  }

  test('default: the same next table and day on both sides deploys (spacing and player order do not matter)', () => {
    const problems = findDeployProblems({ project: 'worldmap-prod', clientEnv: client, functionsEnv: functions, checks })
    expect(problems.filter((problem) => problem.variable.includes('DATABASE_'))).toEqual([])
  })

  test.each([
    ['PUBLIC_ENV__DATABASE_SWITCH_DAY', 'WORLDMAP_DATABASE_SWITCH_DAY', '2026-12-08', 'records from the switch day on'],
    ['PUBLIC_ENV__DATABASE_SWITCH_DAY', 'WORLDMAP_DATABASE_SWITCH_DAY', undefined, 'records from the switch day on'],
    ['PUBLIC_ENV__DATABASE_NEXT_REGIONS', 'WORLDMAP_DATABASE_NEXT_REGIONS', `w2=${sea}`, 'drops after the switch'],
    ['PUBLIC_ENV__DATABASE_NEXT_PLAYERS', 'WORLDMAP_DATABASE_NEXT_PLAYERS', p2, "a player's records after the switch"],
    ['PUBLIC_ENV__DATABASE_NEXT_PLAYERS', 'WORLDMAP_DATABASE_NEXT_PLAYERS', undefined, "a player's records after the switch"],
  ])(
    'error: the functions’ %s differs (%s = %j): the app would switch to where nobody writes',
    (variable, server, value, what) => {
      const functionsSide: Record<string, string> = { ...functions }
      if (value === undefined) delete functionsSide[server]
      else functionsSide[server] = value
      const problems = findDeployProblems({ project: 'worldmap-prod', clientEnv: client, functionsEnv: functionsSide, checks })
      expect(problems).toContainEqual({
        file: 'client',
        variable,
        reason: `differs from the functions' ${server} (the app would read ${what} where the functions do not write them)`,
      })
      expect(JSON.stringify(problems)).not.toContain('2026-12-08')
    },
  )

  test('behavior: the rules go to the next table’s instances too, each once', () => {
    expect(databaseInstancesOf(client, functions)).toEqual([
      'worldmap-prod-default-rtdb',
      'worldmap-sea-1',
      'worldmap-p1',
      'worldmap-p2',
      'worldmap-lb2',
    ])
  })
})
