// Differential: the first microphone stream opened right after install() (no
// await in between), with official 1.11.0 and 1.9.6 and with ours, on iOS and
// Android hosts: what each posts to the host and what the page gets back.
// The official toolkits wrap getUserMedia once per page and freeze
// `navigator.mediaDevices`, so each SDK gets its own mediaDevices object and
// the official ones are each loaded once for both hosts.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createFakeHost, type FakeHost, resetAll } from '../../test/fakeHost.js'
import { importOfficial111, importOfficialBuild } from '../../test/official111.js'
import { install } from '../install.js'

type Sdk = 'official-1.11.0' | 'official-1.9.6' | 'ours'
type Installer = (appId: string) => { success: boolean }

class Track extends EventTarget {
  readonly kind = 'audio'
  readyState: 'live' | 'ended' = 'live'
  end() {
    this.readyState = 'ended'
    this.dispatchEvent(new Event('ended'))
  }
}

class Stream {
  readonly tracks = [new Track()]
  constructor(readonly id: string) {}
  getTracks() {
    return this.tracks
  }
  getAudioTracks() {
    return this.tracks
  }
}

const originalStop = MediaStreamTrack.prototype.stop
const devices = new Map<Sdk, { getUserMedia: (c: unknown) => Promise<Stream> }>()
const installers = new Map<Sdk, Installer>()
// What World App lists today: every command official 1.11.0 knows (a superset of 1.9.6's and ours).
let supported: Array<{ name: string; supported_versions: number[] }> = []

const installDevices = (sdk: Sdk) => {
  let mediaDevices = devices.get(sdk)
  if (!mediaDevices) {
    mediaDevices = { getUserMedia: async () => new Stream(`stream-${devices.size}`) }
    devices.set(sdk, mediaDevices)
  }
  Object.defineProperty(navigator, 'mediaDevices', { value: mediaDevices, configurable: true, writable: true })
}

beforeAll(async () => {
  const official111 = await importOfficial111()
  const official196 = await importOfficialBuild('@worldcoin/minikit-js')
  installers.set('official-1.11.0', (appId) => official111.MiniKit.install(appId))
  installers.set('official-1.9.6', (appId) => official196.MiniKit.install(appId))
  supported = Object.entries(official111.COMMAND_VERSIONS as Record<string, number>).map(([name, version]) => ({
    name,
    supported_versions: [version],
  }))
  installers.set('ours', (appId) => install(appId))
})

afterEach(() => resetAll())

afterAll(() => {
  delete (navigator as { mediaDevices?: unknown }).mediaDevices
  MediaStreamTrack.prototype.stop = originalStop
})

/** Install with `sdk`, open the microphone at once, end the stream; what the host saw and what the page got. */
async function firstStream(sdk: Sdk, os: 'ios' | 'android') {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'error').mockImplementation(() => {})
  installDevices(sdk)
  const host: FakeHost = createFakeHost({ os, supported })
  const installed = installers.get(sdk)?.('app_test')
  const stream = (await navigator.mediaDevices.getUserMedia({ audio: true })) as unknown as Stream
  const reportedBeforeResolve = host.raw.filter((raw) => JSON.stringify(raw).includes('microphone')).length
  stream.tracks[0]?.end()
  const raw = host.raw.filter((message) => JSON.stringify(message).includes('microphone'))
  // Stream ids differ per SDK (each has its own device); compare the shape.
  const normalized = JSON.parse(JSON.stringify(raw).replaceAll(stream.id, '<stream>'))
  return { installed, reportedBeforeResolve, raw: normalized, isStream: stream instanceof Stream }
}

describe.each(['ios', 'android'] as const)('first microphone stream right after install (%s host)', (os) => {
  test('behavior: reported on the wire exactly as official 1.11.0 and 1.9.6 report it', async () => {
    const official111 = await firstStream('official-1.11.0', os)
    resetAll()
    const official196 = await firstStream('official-1.9.6', os)
    resetAll()
    const ours = await firstStream('ours', os)
    expect(official111.raw.length).toBe(2)
    expect(official111.installed).toStrictEqual({ success: true })
    expect(ours).toStrictEqual(official111)
    expect(ours).toStrictEqual(official196)
    expect(ours.reportedBeforeResolve).toBe(1)
  })
})
