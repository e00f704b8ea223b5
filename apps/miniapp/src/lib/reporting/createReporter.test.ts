import { describe, expect, test } from 'vitest'
import type { ReportBatch } from './ClientReport.js'
import { createReporter, MAX_REPORTS_PER_SESSION, type ReporterOptions } from './createReporter.js'

const wallet = '0x4f9aB1c2D3e4F5a6B7c8D9e0F1a2B3c4D5e6F7a8'

function setup(options: Partial<ReporterOptions> = {}) {
  const sent: { batch: ReportBatch; leaving: boolean }[] = []
  const timers: (() => void)[] = []
  const reporter = createReporter({
    send: (body, leaving) => sent.push({ batch: JSON.parse(body), leaving }),
    page: () => '/map',
    setTimeout: (run) => timers.push(run),
    clearTimeout: () => undefined,
    ...options,
  })
  return { reporter, sent, timers }
}

const refusal = { kind: 'refusal', callable: 'collectDrop', code: 'out_of_reach', durationMs: 120 } as const

describe('createReporter', () => {
  test('default: reports wait for the batch timer, then go in one request on their page', () => {
    const { reporter, sent, timers } = setup()
    reporter.add(refusal)
    reporter.add({ kind: 'vital', metric: 'LCP', value: 1800, rating: 'good' })
    expect(sent).toEqual([])
    expect(timers).toHaveLength(1)
    timers[0]?.()
    expect(sent).toEqual([
      {
        batch: {
          reports: [
            { ...refusal, page: '/map' },
            { kind: 'vital', metric: 'LCP', value: 1800, rating: 'good', page: '/map' },
          ],
        },
        leaving: false,
      },
    ])
  })

  test('behavior: an error is scrubbed before it leaves the phone', () => {
    const { reporter, sent } = setup({ page: () => `/p/${wallet}` })
    const error = new TypeError(`no drop at 1.352083,103.819836 for ${wallet}`)
    reporter.add({ kind: 'error', source: 'error', error, actionId: '4bf92f3577b34da6a3ce929d0e0e4736' })
    reporter.add({ kind: 'error', source: 'unhandledrejection', error: `rejected for ${wallet}` })
    reporter.add({ kind: 'error', source: 'unhandledrejection', error: { wallet } })
    reporter.flush(true)
    const [first, second, third] = sent[0]?.batch.reports ?? []
    expect(first).toMatchObject({
      kind: 'error',
      name: 'TypeError',
      message: 'no drop at ~…,~… for 0x…',
      page: '/p/0x…',
      actionId: '4bf92f3577b34da6a3ce929d0e0e4736',
    })
    expect(JSON.stringify(first)).not.toContain(wallet)
    expect(second).toMatchObject({ name: 'Error', message: 'rejected for 0x…' })
    expect(third).toMatchObject({ name: 'Error', message: 'thrown object' })
    expect(sent[0]?.leaving).toBe(true)
  })

  test('behavior: reports carry the region the page reads, never anything finer', () => {
    let region: string | undefined = 'w21z7'
    const { reporter, sent } = setup({ region: () => region })
    reporter.add(refusal)
    region = 'w21z73'
    reporter.add(refusal)
    region = undefined
    reporter.add(refusal)
    reporter.flush()
    expect(sent[0]?.batch.reports.map((report) => report.region)).toEqual(['w21z7', undefined, undefined])
  })

  test('behavior: a refusal named from elsewhere (a wallet’s code) goes in the shape the route takes, else as unknown', () => {
    const { reporter, sent } = setup()
    reporter.add({ ...refusal, callable: 'signIn', code: 'wallet_user_rejected' })
    reporter.add({ ...refusal, callable: 'signIn', code: 'wallet_weird code <script>' })
    reporter.flush()
    expect(sent[0]?.batch.reports.map((report) => report.kind === 'refusal' && report.code)).toEqual([
      'wallet_user_rejected',
      'unknown',
    ])
  })

  test('behavior: a CSP violation keeps its directive, its blocked URL without the query', () => {
    const { reporter, sent } = setup()
    reporter.add({
      kind: 'csp',
      directive: 'img-src',
      blocked: 'https://x.test/a.png?u=1',
      sourceFile: '',
      disposition: 'enforce',
    })
    reporter.flush()
    expect(sent[0]?.batch.reports).toEqual([
      { kind: 'csp', directive: 'img-src', blocked: 'https://x.test/a.png', disposition: 'enforce', page: '/map' },
    ])
  })

  test('behavior: 20 reports go at once, in one request', () => {
    const { reporter, sent } = setup()
    for (let i = 0; i < 45; i++) reporter.add(refusal)
    expect(sent.map(({ batch }) => batch.reports.length)).toEqual([20, 20])
    reporter.flush(true)
    expect(sent.map(({ batch }) => batch.reports.length)).toEqual([20, 20, 5])
  })

  test('behavior: a loop of errors sends the session cap, then nothing', () => {
    const { reporter, sent } = setup()
    for (let i = 0; i < 10_000; i++) reporter.add({ kind: 'error', source: 'error', error: new Error(`loop ${i}`) })
    reporter.flush()
    expect(reporter.count).toBe(MAX_REPORTS_PER_SESSION)
    expect(sent.reduce((total, { batch }) => total + batch.reports.length, 0)).toBe(MAX_REPORTS_PER_SESSION)
  })

  test('behavior: a send that throws never reaches the page; nothing is sent twice', () => {
    let calls = 0
    const { reporter } = setup({
      send: () => {
        calls++
        throw new Error('beacon failed')
      },
    })
    reporter.add(refusal)
    expect(() => reporter.flush(true)).not.toThrow()
    reporter.flush(true)
    expect(calls).toBe(1)
  })

  test('behavior: the reporter’s modules import in Node, where there is no window (SSR)', async () => {
    expect(typeof globalThis.window).toBe('undefined')
    await expect(import('./installReporting.js')).resolves.toHaveProperty('installReporting')
    await expect(import('./startReporter.js')).resolves.toHaveProperty('startReporter')
  })
})
