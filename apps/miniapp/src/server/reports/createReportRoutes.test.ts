import { describe, expect, test } from 'vitest'
import { createServerApp } from '../createServerApp.js'
import type { ReportRoutesOptions } from './createReportRoutes.js'
import type { ReportLogEntry } from './toReportLogEntry.js'

const wallet = '0x4f9aB1c2D3e4F5a6B7c8D9e0F1a2B3c4D5e6F7a8'
const uid = 'aB3dE5gH7jK9mN1pQ3rS5tU7'
const actionId = '4bf92f3577b34da6a3ce929d0e0e4736'
const origin = 'http://localhost'

function setup(options: Omit<ReportRoutesOptions, 'writeLine'> = {}) {
  const lines: string[] = []
  const app = createServerApp({
    nonceSecret: 'test-secret-'.padEnd(40, 'x'),
    reports: {
      now: () => Date.UTC(2026, 10, 29, 20),
      project: 'worldmap-test',
      ...options,
      writeLine: (line) => lines.push(line),
    },
  })
  const post = (body: string, headers: Record<string, string> = {}) =>
    app.request('/api/reports', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, 'sec-fetch-site': 'same-origin', ...headers },
      body,
    })
  const entries = () => lines.map((line) => JSON.parse(line) as ReportLogEntry)
  return { app, post, lines, entries }
}

const batch = (...reports: object[]) => JSON.stringify({ reports })
const refusal = { kind: 'refusal', page: '/map', callable: 'collectDrop', code: 'out_of_reach', durationMs: 182.4, actionId }

describe('POST /api/reports', () => {
  test('default: a report is one Cloud Logging structured line, and the answer is 204', async () => {
    const { post, lines } = setup()
    const response = await post(batch(refusal))
    expect(response.status).toBe(204)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0] ?? '')).toMatchInlineSnapshot(`
      {
        "event": "client_report",
        "logging.googleapis.com/labels": {
          "actionId": "4bf92f3577b34da6a3ce929d0e0e4736",
          "event": "client_report",
          "kind": "refusal",
        },
        "logging.googleapis.com/trace": "projects/worldmap-test/traces/4bf92f3577b34da6a3ce929d0e0e4736",
        "message": "report refusal: collectDrop out_of_reach after 182 ms",
        "report": {
          "actionId": "4bf92f3577b34da6a3ce929d0e0e4736",
          "callable": "collectDrop",
          "code": "out_of_reach",
          "durationMs": 182.4,
          "kind": "refusal",
          "page": "/map",
        },
        "severity": "WARNING",
        "time": "2026-11-29T20:00:00.000Z",
      }
    `)
  })

  test('behavior: every kind, with its severity; no trace without an action or a project', async () => {
    const { post, entries } = setup({ project: undefined })
    const response = await post(
      batch(
        { kind: 'error', source: 'error', name: 'TypeError', message: 'x is not a function', page: '/', actionId },
        { kind: 'csp', directive: 'img-src', blocked: 'https://x.test/a.png', page: '/' },
        { kind: 'vital', metric: 'LCP', value: 2310.5, rating: 'good', page: '/' },
        { kind: 'vital', metric: 'CLS', value: 0.31, rating: 'poor', page: '/' },
      ),
    )
    expect(response.status).toBe(204)
    expect(entries().map((entry) => [entry.severity, entry.message, entry['logging.googleapis.com/trace']])).toEqual([
      ['ERROR', 'report error: TypeError: x is not a function', undefined],
      ['WARNING', 'report csp: img-src blocked https://x.test/a.png', undefined],
      ['INFO', 'report vital: LCP 2311 (good)', undefined],
      ['WARNING', 'report vital: CLS 0.310 (poor)', undefined],
    ])
  })

  test('behavior: a wallet, a uid and a position in every text field come out scrubbed', async () => {
    const { post, lines } = setup()
    const secret = `${wallet} ${uid} at 1.352083,103.819836 /map?lat=1.35&uid=${uid} 1798765432100 ana@example.com cell w21z73t /drops/1/w21z73`
    const response = await post(
      batch(
        {
          kind: 'error',
          source: 'unhandledrejection',
          name: 'Error',
          message: secret,
          stack: secret,
          page: `/p/${uid}?w=${wallet}`,
        },
        { kind: 'csp', directive: 'img-src', blocked: secret, sourceFile: secret, page: secret },
        { ...refusal, page: secret },
      ),
    )
    expect(response.status).toBe(204)
    expect(lines).toHaveLength(3)
    for (const entry of lines) {
      // All but `time`, the server's own stamp (its seconds have three decimals).
      const { time: _, ...rest } = JSON.parse(entry) as ReportLogEntry
      const line = JSON.stringify(rest)
      expect(line).not.toMatch(/0x[0-9a-f]{6,}/i)
      expect(line).not.toContain(uid)
      expect(line).not.toMatch(/\d\.\d{3,}/)
      expect(line).not.toMatch(/\d{6,}/)
      expect(line).not.toContain('lat=')
      expect(line).not.toContain('@example')
      // No geohash cell finer than a region (6+ characters).
      expect(line).not.toContain('w21z73')
    }
    expect(JSON.parse(lines[0] ?? '').report.page).toBe('/p/<id>')
  })

  test('behavior: an action id that is not one is dropped, never logged', async () => {
    const { post, lines } = setup()
    expect((await post(batch({ ...refusal, actionId: `${wallet}` }))).status).toBe(204)
    expect(lines[0]).not.toContain('actionId')
    expect(lines[0]).not.toContain('trace')
  })

  test('behavior: a region is a label; one finer than a region key, or not one, is dropped, never logged', async () => {
    const { post, entries, lines } = setup()
    const fine = ['w21z73', 'w21z73t', '1.352083,103.819836', 'W21Z7', 'main2']
    expect((await post(batch({ ...refusal, region: 'w21z7' }, { ...refusal, region: 'main' }))).status).toBe(204)
    expect((await post(batch(...fine.map((region) => ({ ...refusal, region }))))).status).toBe(204)
    expect(entries().map((entry) => [entry.report.region, entry['logging.googleapis.com/labels'].region])).toEqual([
      ['w21z7', 'w21z7'],
      ['main', 'main'],
      ...fine.map(() => [undefined, undefined]),
    ])
    for (const line of lines.slice(2)) {
      expect(line).not.toContain('region')
      for (const region of fine) expect(line).not.toContain(region)
    }
  })

  test('behavior: a browser report-uri CSP report (application/csp-report)', async () => {
    const { post, entries } = setup()
    const body = JSON.stringify({
      'csp-report': {
        'document-uri': `https://worldmap.app/map?lat=1.352083&u=${wallet}`,
        referrer: '',
        'violated-directive': "script-src-elem 'self'",
        'effective-directive': 'script-src-elem',
        'original-policy': "default-src 'self'",
        disposition: 'enforce',
        'blocked-uri': `https://evil.test/x.js?u=${wallet}`,
        'line-number': 3,
        'source-file': 'https://worldmap.app/assets/a.js',
        'status-code': 200,
        'script-sample': '',
      },
    })
    expect(
      (await post(body, { 'content-type': 'application/csp-report', origin: 'null', 'sec-fetch-site': 'same-origin' })).status,
    ).toBe(204)
    expect(entries().map((entry) => entry.report)).toEqual([
      {
        kind: 'csp',
        page: '/map',
        directive: 'script-src-elem',
        blocked: 'https://evil.test/x.js',
        sourceFile: '/assets/a.js',
        disposition: 'enforce',
      },
    ])
  })

  test('behavior: a Reporting API list (application/reports+json) keeps its CSP entries', async () => {
    const { post, entries } = setup()
    const body = JSON.stringify([
      {
        type: 'csp-violation',
        age: 10,
        url: 'https://worldmap.app/',
        user_agent: 'Mozilla/5.0',
        body: {
          documentURL: 'https://worldmap.app/?x=1',
          effectiveDirective: 'img-src',
          blockedURL: 'data',
          disposition: 'enforce',
        },
      },
      { type: 'deprecation', age: 1, url: 'https://worldmap.app/', body: {} },
    ])
    expect((await post(body, { 'content-type': 'application/reports+json' })).status).toBe(204)
    expect(entries().map((entry) => entry.report)).toEqual([
      { kind: 'csp', page: '/', directive: 'img-src', blocked: 'data', disposition: 'enforce' },
    ])
  })

  test.each([
    ['malformed JSON', '{"reports": [', 'application/json'],
    ['an empty batch', batch(), 'application/json'],
    ['an unknown kind', batch({ kind: 'secret', page: '/' }), 'application/json'],
    ['a negative duration', batch({ ...refusal, durationMs: -1 }), 'application/json'],
    ['a code with spaces', batch({ ...refusal, code: 'out of reach' }), 'application/json'],
    ['21 reports', batch(...Array.from({ length: 21 }, () => refusal)), 'application/json'],
    ['a CSP report of another shape', '{"csp":1}', 'application/csp-report'],
    ['a Reporting API list without CSP entries', '[{"type":"deprecation","body":{}}]', 'application/reports+json'],
  ])('error: %s → 400 invalid_report, nothing logged', async (_, body, contentType) => {
    const { post, lines } = setup()
    const response = await post(body, { 'content-type': contentType })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: 'invalid_report', message: 'The report is not one the server reads.' })
    expect(lines).toEqual([])
  })

  test('error: an oversize body → 413 payload_too_large before it is read', async () => {
    const { post, lines } = setup()
    const response = await post(batch({ ...refusal, page: 'x'.repeat(17 * 1024) }))
    expect(response.status).toBe(413)
    expect(((await response.json()) as { error: string }).error).toBe('payload_too_large')
    expect(lines).toEqual([])
  })

  test.each([
    ['another origin', { origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' }],
    ['another origin, without fetch metadata', { origin: 'https://evil.test' }],
    ['a sibling site', { origin, 'sec-fetch-site': 'same-site' }],
  ])('error: from %s → 403 forbidden_origin', async (_, headers: Record<string, string>) => {
    const { app, lines } = setup()
    const response = await app.request('/api/reports', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: batch(refusal),
    })
    expect(response.status).toBe(403)
    expect(((await response.json()) as { error: string }).error).toBe('forbidden_origin')
    expect(lines).toEqual([])
  })

  test('behavior: a configured app origin is accepted', async () => {
    const { post } = setup({ appOrigins: ['https://worldmap.app'] })
    expect((await post(batch(refusal), { origin: 'https://worldmap.app', 'sec-fetch-site': 'same-origin' })).status).toBe(204)
  })

  test('error: text/plain → 415 unsupported_media_type; GET → 405', async () => {
    const { post, app } = setup()
    const response = await post(batch(refusal), { 'content-type': 'text/plain' })
    expect(response.status).toBe(415)
    expect(((await response.json()) as { error: string }).error).toBe('unsupported_media_type')
    expect((await app.request('/api/reports')).status).toBe(405)
  })

  test('error: 10,000 reports from one source → 429 rate_limited past its bucket; memory stays one bucket', async () => {
    const { post, lines } = setup()
    const statuses = new Map<number, number>()
    for (let i = 0; i < 500; i++) {
      const response = await post(batch(...Array.from({ length: 20 }, () => refusal)), { 'x-forwarded-for': '203.0.113.7' })
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
    }
    // 60 reports at once (3 batches of 20), no refill on a stopped clock.
    expect(Object.fromEntries(statuses)).toEqual({ 204: 3, 429: 497 })
    expect(lines).toHaveLength(60)
  })

  test('error: many sources together meet the overall limit; each source its own', async () => {
    const { post, lines } = setup({
      overall: { capacity: 100, refillPerSecond: 0 },
      perSource: { capacity: 5, refillPerSecond: 0, maxSources: 50 },
    })
    let accepted = 0
    for (let i = 0; i < 1000; i++) {
      const response = await post(batch(refusal), { 'x-forwarded-for': `spoofed, 198.51.100.${i % 250}, 10.${i}.0.1` })
      if (response.status === 204) accepted++
      else expect(response.status).toBe(429)
    }
    expect(accepted).toBe(100)
    expect(lines).toHaveLength(100)
  })
})
