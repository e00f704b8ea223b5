import { spawn } from 'node:child_process'
import { PassThrough } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { formatReportLine, pipeReportStream } from './reportStream.mjs'

const refusalLine = JSON.stringify({
  severity: 'WARNING',
  message: 'report refusal: collectDrop out_of_reach after 182 ms',
  time: '2026-11-29T20:00:00.000Z',
  'logging.googleapis.com/labels': { event: 'client_report', kind: 'refusal', actionId: '4bf92f3577b34da6a3ce929d0e0e4736' },
  event: 'client_report',
  report: {
    kind: 'refusal',
    page: '/map',
    callable: 'collectDrop',
    code: 'out_of_reach',
    durationMs: 182,
    actionId: '4bf92f3577b34da6a3ce929d0e0e4736',
  },
})

describe('formatReportLine', () => {
  test('default: a report line is one short prefixed line', () => {
    expect(formatReportLine(refusalLine)).toBe(
      '[report] WARNING refusal: collectDrop out_of_reach after 182 ms on /map (action 4bf92f35…)',
    )
  })

  test.each([
    ['a Vite line', '  VITE v8.3.8  ready in 812 ms'],
    ['other JSON', '{"severity":"INFO","message":"hello"}'],
    ['broken JSON naming the event', '{"event":"client_report"'],
    ['an empty line', ''],
  ])('behavior: %s passes through unchanged', (_, line) => {
    expect(formatReportLine(line)).toBe(line)
  })
})

describe('pipeReportStream', () => {
  test('behavior: a child process’s output, report lines formatted and the rest as it was, in order', async () => {
    const child = spawn(process.execPath, [
      '-e',
      `console.log('server up'); console.log(${JSON.stringify(refusalLine)}); console.log('bye')`,
    ])
    const output = new PassThrough()
    const chunks: string[] = []
    output.on('data', (chunk) => chunks.push(String(chunk)))
    await pipeReportStream(child.stdout, output)
    expect(chunks.join('')).toBe(
      'server up\n[report] WARNING refusal: collectDrop out_of_reach after 182 ms on /map (action 4bf92f35…)\nbye\n',
    )
  })
})
