import { afterEach, beforeEach, describe, expect, type MockInstance, test, vi } from 'vitest'
import { createFakeHost, resetAll } from '../../test/fakeHost.js'
import { resetEvents } from '../events/dispatcher.js'
import { install, whenMicrophoneTracked } from '../install.js'
import { resetState } from '../state.js'
import { setupMicrophone, stopAllMicrophoneStreams } from './setupMicrophone.js'

const OS = ['ios', 'android'] as const
const STOP_CODES = ['mini_app_permission_not_enabled', 'world_app_permission_not_enabled'] as const

/** A MediaStreamTrack stand-in: an EventTarget with kind, readyState and stop(). */
class FakeTrack extends EventTarget {
  readyState: 'live' | 'ended' = 'live'
  readonly stop = vi.fn(() => {
    // Like a real track, stop() ends it without firing `ended`.
    this.readyState = 'ended'
  })
  constructor(readonly kind: 'audio' | 'video') {
    super()
  }
  /** The device or the user ended the track: fires `ended`. */
  end() {
    this.readyState = 'ended'
    this.dispatchEvent(new Event('ended'))
  }
}

class FakeStream {
  constructor(
    readonly id: string,
    readonly tracks: FakeTrack[],
  ) {}
  getTracks() {
    return [...this.tracks]
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === 'audio')
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === 'video')
  }
}

const stream = (id: string, ...kinds: Array<'audio' | 'video'>) =>
  new FakeStream(
    id,
    kinds.map((kind) => new FakeTrack(kind)),
  )
const asMedia = (s: FakeStream) => s as unknown as MediaStream
const started = (streamId: string) => ({ command: 'microphone-stream-started', version: 1, payload: { streamId } })
const ended = (streamId: string) => ({ command: 'microphone-stream-ended', version: 1, payload: { streamId } })
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

type MicWindow = { __stopAllMiniAppMicrophoneStreams?: () => void }
const originalTrackStop = typeof MediaStreamTrack === 'undefined' ? undefined : MediaStreamTrack.prototype.stop

let streams: FakeStream[]
let getUserMedia: ReturnType<typeof vi.fn<(constraints?: MediaStreamConstraints) => Promise<MediaStream>>>
let log: MockInstance<typeof console.log>

/** navigator.mediaDevices with a getUserMedia that hands out `streams` in order. */
function stubMediaDevices() {
  getUserMedia = vi.fn(async () => {
    const next = streams.shift()
    if (!next) throw new DOMException('Permission denied', 'NotAllowedError')
    return asMedia(next)
  })
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true, writable: true })
}

/** Install against a fake host and keep only microphone messages. */
async function setup(os: 'ios' | 'android') {
  const host = createFakeHost({ os })
  install('app_test')
  // Tracking is set up lazily, within a tick of install().
  await whenMicrophoneTracked()
  await flush()
  host.messages.length = 0
  host.raw.length = 0
  return host
}

/** A re-install, as after a hot reload: SDK state, events and `window.MiniKit` dropped, then install again. */
async function reinstall() {
  resetEvents()
  resetState()
  delete (window as { MiniKit?: unknown }).MiniKit
  expect(install('app_test')).toStrictEqual({ success: true })
  await whenMicrophoneTracked()
}

const open = (constraints: MediaStreamConstraints = { audio: true }) => navigator.mediaDevices.getUserMedia(constraints)

beforeEach(() => {
  streams = []
  stubMediaDevices()
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  log = vi.spyOn(console, 'log').mockImplementation(() => {})
})

afterEach(() => {
  resetAll()
  delete (navigator as { mediaDevices?: unknown }).mediaDevices
  // setupMicrophone patches the prototype once per page; undo it between tests.
  if (originalTrackStop) MediaStreamTrack.prototype.stop = originalTrackStop
})

describe.each(OS)('setupMicrophone (%s host)', (os) => {
  test('default', async () => {
    const host = await setup(os)
    const s = stream('stream-1', 'audio')
    streams.push(s)
    await expect(open()).resolves.toBe(s)
    expect(getUserMedia).toHaveBeenCalledExactlyOnceWith({ audio: true })
    expect(host.messages).toStrictEqual([started('stream-1')])
    if (os === 'android') expect(host.raw).toStrictEqual([JSON.stringify(started('stream-1'))])
    else expect(host.raw).toStrictEqual([started('stream-1')])
    expect(typeof (window as MicWindow).__stopAllMiniAppMicrophoneStreams).toBe('function')
  })

  test('behavior: a stream opened right after install(), before tracking has loaded, is reported (spec §4)', async () => {
    const host = createFakeHost({ os })
    const s = stream('stream-early', 'audio')
    streams.push(s)
    expect(install('app_test')).toStrictEqual({ success: true })
    // No await between install and getUserMedia: the lazy module is not in yet.
    const opened = open()
    await expect(opened).resolves.toBe(s)
    expect(host.commands('microphone-stream-started')).toStrictEqual([started('stream-early')])
    // The page gets the stream only after the host heard of it, as with the official toolkit.
    streams.push(stream('stream-next', 'audio'))
    const reportedBeforeResolve = await open().then(() => host.commands('microphone-stream-started').length)
    expect(reportedBeforeResolve).toBe(2)
    s.tracks[0]?.end()
    expect(host.commands('microphone-stream-ended')).toStrictEqual([ended('stream-early')])
  })

  test('behavior: ending all audio tracks sends microphone-stream-ended once', async () => {
    const host = await setup(os)
    const s = stream('stream-1', 'audio', 'audio')
    streams.push(s)
    await open()
    const [first, second] = s.tracks
    first?.end()
    expect(host.messages).toStrictEqual([started('stream-1')])
    second?.end()
    expect(host.messages).toStrictEqual([started('stream-1'), ended('stream-1')])
    // Further `ended` events change nothing.
    first?.end()
    second?.dispatchEvent(new Event('ended'))
    expect(host.commands('microphone-stream-ended')).toHaveLength(1)
  })

  test('behavior: a video track ending does not end an audio+video stream', async () => {
    const host = await setup(os)
    const s = stream('av', 'audio', 'video')
    streams.push(s)
    await open({ audio: true, video: true })
    s.tracks[1]?.end()
    expect(host.commands('microphone-stream-ended')).toHaveLength(0)
    s.tracks[0]?.end()
    expect(host.commands('microphone-stream-ended')).toStrictEqual([ended('av')])
  })

  test('behavior: video-only streams are not tracked', async () => {
    const host = await setup(os)
    const camera = stream('camera', 'video')
    streams.push(camera)
    await expect(open({ video: true })).resolves.toBe(camera)
    camera.tracks[0]?.end()
    stopAllMicrophoneStreams()
    expect(host.messages).toHaveLength(0)
    expect(camera.tracks[0]?.stop).not.toHaveBeenCalled()
  })

  test.each(STOP_CODES)('behavior: host event miniapp-microphone with %s stops every stream', async (code) => {
    const host = await setup(os)
    const a = stream('a', 'audio')
    const b = stream('b', 'audio', 'video')
    streams.push(a, b)
    await open()
    await open({ audio: true, video: true })
    const payload = { status: 'error', error_code: code }
    host.reply('miniapp-microphone', payload)
    for (const track of [...a.tracks, ...b.tracks]) {
      expect(track.stop).toHaveBeenCalledOnce()
      expect(track.readyState).toBe('ended')
    }
    expect(host.commands('microphone-stream-ended')).toStrictEqual([ended('a'), ended('b')])
    expect(log).toHaveBeenCalledExactlyOnceWith('stopping all microphone streams', payload)
    // Stopped streams are forgotten: a second event sends nothing more.
    host.reply('miniapp-microphone', payload)
    expect(host.commands('microphone-stream-ended')).toHaveLength(2)
  })

  test('behavior: a JSON-string miniapp-microphone event also stops the streams', async () => {
    const host = await setup(os)
    streams.push(stream('a', 'audio'))
    await open()
    host.reply('miniapp-microphone', JSON.stringify({ status: 'error', error_code: 'world_app_permission_not_enabled' }))
    expect(host.commands('microphone-stream-ended')).toStrictEqual([ended('a')])
  })

  test.each([
    ['another error code', { status: 'error', error_code: 'generic_error' }],
    ['a success status', { status: 'success', error_code: 'mini_app_permission_not_enabled' }],
    ['no payload', null],
    ['an error without error_code', { status: 'error' }],
  ])('behavior: miniapp-microphone with %s stops nothing', async (_, payload) => {
    const host = await setup(os)
    const a = stream('a', 'audio')
    streams.push(a)
    await open()
    host.reply('miniapp-microphone', payload)
    expect(a.tracks[0]?.stop).not.toHaveBeenCalled()
    expect(host.commands('microphone-stream-ended')).toHaveLength(0)
  })

  test('behavior: window.__stopAllMiniAppMicrophoneStreams stops and reports every live stream', async () => {
    const host = await setup(os)
    const a = stream('a', 'audio')
    const b = stream('b', 'audio')
    streams.push(a, b)
    await open()
    await open()
    b.tracks[0]?.end()
    expect((window as MicWindow).__stopAllMiniAppMicrophoneStreams).toBe(stopAllMicrophoneStreams)
    ;(window as MicWindow).__stopAllMiniAppMicrophoneStreams?.()
    expect(a.tracks[0]?.stop).toHaveBeenCalledOnce()
    // `b` had already ended and been reported.
    expect(b.tracks[0]?.stop).not.toHaveBeenCalled()
    expect(host.commands('microphone-stream-ended')).toStrictEqual([ended('b'), ended('a')])
  })

  test('behavior: it is idempotent', async () => {
    const host = await setup(os)
    const wrapped = navigator.mediaDevices.getUserMedia
    setupMicrophone()
    expect(navigator.mediaDevices.getUserMedia).toBe(wrapped)
    streams.push(stream('a', 'audio'))
    await open()
    expect(host.messages).toStrictEqual([started('a')])
  })

  test('behavior: a fresh navigator.mediaDevices after a reset and re-install is tracked too', async () => {
    const host = await setup(os)
    const first = navigator.mediaDevices
    streams.push(stream('a', 'audio'))
    await open()
    stubMediaDevices()
    expect(navigator.mediaDevices).not.toBe(first)
    await reinstall()
    const b = stream('b', 'audio')
    streams.push(b)
    await expect(open()).resolves.toBe(b)
    expect(host.commands('microphone-stream-started')).toStrictEqual([started('a'), started('b')])
    // The reset dropped the old subscription; the re-install renewed it.
    host.reply('miniapp-microphone', { status: 'error', error_code: 'mini_app_permission_not_enabled' })
    expect(b.tracks[0]?.stop).toHaveBeenCalledOnce()
    expect(host.commands('microphone-stream-ended')).toStrictEqual([ended('a'), ended('b')])
    if (os === 'android') expect(host.raw).toContain(JSON.stringify(started('b')))
    else expect(host.raw).toContainEqual(started('b'))
  })

  test('behavior: a page that swaps in a new mediaDevices is tracked by the next setup, the old one still once', async () => {
    const host = await setup(os)
    const first = navigator.mediaDevices
    stubMediaDevices()
    setupMicrophone()
    streams.push(stream('new', 'audio'), stream('old', 'audio'))
    await open()
    await first.getUserMedia({ audio: true })
    expect(host.messages).toStrictEqual([started('new'), started('old')])
  })

  test('behavior: re-installing on the same mediaDevices does not wrap it twice', async () => {
    const host = await setup(os)
    const wrapped = navigator.mediaDevices.getUserMedia
    await reinstall()
    setupMicrophone()
    expect(navigator.mediaDevices.getUserMedia).toBe(wrapped)
    const a = stream('a', 'audio')
    streams.push(a)
    await open()
    expect(getUserMedia).toHaveBeenCalledOnce()
    expect(host.commands('microphone-stream-started')).toStrictEqual([started('a')])
    a.tracks[0]?.end()
    expect(host.commands('microphone-stream-ended')).toStrictEqual([ended('a')])
    // One subscription too, however often setup ran.
    host.reply('miniapp-microphone', { status: 'error', error_code: 'world_app_permission_not_enabled' })
    expect(log).toHaveBeenCalledOnce()
  })

  test('error: a getUserMedia failure propagates and sends nothing', async () => {
    const host = await setup(os)
    await expect(open()).rejects.toMatchObject({ name: 'NotAllowedError' })
    expect(host.messages).toHaveLength(0)
  })
})

describe('setupMicrophone without getUserMedia', () => {
  test('behavior: it is skipped and install still succeeds', async () => {
    delete (navigator as { mediaDevices?: unknown }).mediaDevices
    createFakeHost()
    expect(install('app_test')).toStrictEqual({ success: true })
    await whenMicrophoneTracked()
    expect((window as MicWindow).__stopAllMiniAppMicrophoneStreams).toBeUndefined()
  })

  test('behavior: a later install, once getUserMedia exists, sets tracking up', async () => {
    delete (navigator as { mediaDevices?: unknown }).mediaDevices
    setupMicrophone()
    stubMediaDevices()
    const host = await setup('ios')
    streams.push(stream('a', 'audio'))
    await open()
    expect(host.messages).toStrictEqual([started('a')])
  })

  test('behavior: without MediaStreamTrack (older WebViews) streams are still tracked', async () => {
    vi.stubGlobal('MediaStreamTrack', undefined)
    try {
      const host = await setup('android')
      const a = stream('a', 'audio')
      streams.push(a)
      await open()
      a.tracks[0]?.end()
      expect(host.messages).toStrictEqual([started('a'), ended('a')])
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test('behavior: nothing is tracked before install', async () => {
    const host = createFakeHost()
    streams.push(stream('a', 'audio'))
    await open()
    expect(host.messages).toHaveLength(0)
  })
})

describe.runIf(typeof MediaStreamTrack !== 'undefined')('MediaStreamTrack.prototype.stop patch', () => {
  test('behavior: stopping a track fires a synthetic ended event (iOS does not)', async () => {
    const stop = vi.fn(function (this: FakeTrack) {
      this.readyState = 'ended'
    })
    MediaStreamTrack.prototype.stop = stop
    createFakeHost()
    install('app_test')
    await whenMicrophoneTracked()
    const track = new FakeTrack('audio')
    const onEnded = vi.fn()
    track.addEventListener('ended', onEnded)
    MediaStreamTrack.prototype.stop.call(track as unknown as MediaStreamTrack)
    expect(stop).toHaveBeenCalledOnce()
    expect(onEnded).not.toHaveBeenCalled()
    await flush()
    expect(onEnded).toHaveBeenCalledOnce()
  })

  test('behavior: no synthetic event when the track is still live after stop', async () => {
    MediaStreamTrack.prototype.stop = vi.fn()
    createFakeHost()
    install('app_test')
    await whenMicrophoneTracked()
    const track = new FakeTrack('audio')
    const onEnded = vi.fn()
    track.addEventListener('ended', onEnded)
    MediaStreamTrack.prototype.stop.call(track as unknown as MediaStreamTrack)
    await flush()
    expect(onEnded).not.toHaveBeenCalled()
  })
})
