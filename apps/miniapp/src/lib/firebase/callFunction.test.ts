// The real Functions SDK against a local stand-in of the Functions emulator
// speaking the callable protocol: what the verification and map features
// send, and how a refusal reaches them.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { toVerifyHumanError } from '../../features/verification/toVerifyHumanError.js'
import { gameClock } from '../clock/gameClock.js'
import { type ClientConfig, readClientConfig } from '../config/readClientConfig.js'
import { callFunction } from './callFunction.js'

const HOUR = 60 * 60 * 1000
const requests: { url: string; body: unknown }[] = []
let server: Server
let config: ClientConfig

const readBody = async (request: IncomingMessage) => {
  let text = ''
  for await (const chunk of request) text += chunk
  return JSON.parse(text) as { data: unknown }
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request)
    requests.push({ url: request.url ?? '', body })
    response.setHeader('content-type', 'application/json')
    if (request.url?.endsWith('/verifyHuman') && (body.data as { proof?: string }).proof === '0xbad') {
      response.statusCode = 409
      response.end(
        JSON.stringify({
          error: {
            status: 'ALREADY_EXISTS',
            message: 'This World ID already verified another account.',
            details: { code: 'human_already_linked' },
          },
        }),
      )
      return
    }
    if (request.url?.endsWith('/ensureDropsNear')) {
      // The server is 2 h ahead of this machine's clock, as it is of a phone set 2 h behind.
      response.end(JSON.stringify({ result: { window: 1, serverTime: Date.now() + 2 * HOUR } }))
      return
    }
    response.end(JSON.stringify({ result: { verifiedLevel: 'orb' } }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  config = readClientConfig(
    { PUBLIC_ENV__FUNCTIONS_EMULATOR_URL: `http://127.0.0.1:${port}` },
    { hostname: 'localhost', origin: 'http://localhost:3000' },
  )
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

test('default: posts {data} to the function in the region and resolves with its result', async () => {
  const proof = { proof: '0x01', merkle_root: '0x02', nullifier_hash: '0x03', verification_level: 'orb' }
  await expect(callFunction(config, 'verifyHuman', proof)).resolves.toEqual({ verifiedLevel: 'orb' })
  expect(requests.at(-1)).toEqual({ url: '/demo-worldmap/asia-southeast1/verifyHuman', body: { data: proof } })
})

test("error: an HttpsError reaches the caller with its callable code and details, which the app's mapping reads", async () => {
  const error = await callFunction(config, 'verifyHuman', { proof: '0xbad' }).catch((e: unknown) => e)
  expect(error).toMatchObject({ code: 'functions/already-exists', details: { code: 'human_already_linked' } })
  expect(toVerifyHumanError(error)).toMatchObject({
    code: 'human_already_linked',
    message: 'This World ID already verified another account.',
  })
})

test('behavior: a reply carrying serverTime sets the game clock; one without leaves it', async () => {
  await expect(callFunction(config, 'ensureDropsNear', { lat: 1, lng: 2 })).resolves.toMatchObject({ window: 1 })
  expect(gameClock.source()).toBe('callable')
  // Within the round trip (local: milliseconds) of 2 h.
  expect(Math.abs(gameClock.offset() - 2 * HOUR)).toBeLessThan(1000)
  await callFunction(config, 'verifyHuman', { proof: '0x01' })
  expect(Math.abs(gameClock.offset() - 2 * HOUR)).toBeLessThan(1000)
})
