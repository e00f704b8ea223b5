import { subscribe } from '../events/dispatcher.js'
import { forgetMicrophoneStreams, stopAllMicrophoneStreams } from './microphoneStreams.js'
import { wrapGetUserMedia } from './wrapGetUserMedia.js'

export { stopAllMicrophoneStreams, trackStream } from './microphoneStreams.js'

const STOP_CODES = ['mini_app_permission_not_enabled', 'world_app_permission_not_enabled']

// MediaStreamTrack.prototype is one object per page, so it is patched once.
let stopPatched = false
let unsubscribe: (() => void) | undefined

/**
 * Report microphone streams to the host (started/ended with `streamId`)
 * and stop them all when the host withdraws the permission. Runs on every
 * install: each `navigator.mediaDevices` object is wrapped once (a fresh one
 * is wrapped, a wrapped one never twice) and the host subscription is renewed,
 * since a reset drops it. Skipped where `getUserMedia` does not exist.
 *
 * @example
 * ```ts
 * setupMicrophone() // install() does this
 * await navigator.mediaDevices.getUserMedia({ audio: true }) // host gets microphone-stream-started
 * ```
 */
export function setupMicrophone(): void {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices
  if (typeof devices?.getUserMedia !== 'function') return

  // iOS does not fire `ended` when the page itself stops a track.
  if (!stopPatched && typeof MediaStreamTrack !== 'undefined') {
    stopPatched = true
    const stop = MediaStreamTrack.prototype.stop
    MediaStreamTrack.prototype.stop = function (this: MediaStreamTrack) {
      stop.call(this)
      if (this.readyState === 'ended') setTimeout(() => this.dispatchEvent(new Event('ended')), 0)
    }
  }

  // install() wrapped it already (synchronously); a direct call wraps it here.
  wrapGetUserMedia()

  // Exactly one subscription: the previous one may still be live (plain
  // re-install) or already dropped by a reset; unsubscribing is safe either way.
  unsubscribe?.()
  unsubscribe = subscribe<{ status?: string; error_code?: string }>('miniapp-microphone', (payload) => {
    if (payload?.status === 'error' && STOP_CODES.includes(payload.error_code ?? '')) {
      console.log('stopping all microphone streams', payload)
      stopAllMicrophoneStreams()
    }
  })
  ;(window as unknown as { __stopAllMiniAppMicrophoneStreams?: () => void }).__stopAllMiniAppMicrophoneStreams =
    stopAllMicrophoneStreams
}

/**
 * Forget live streams, the host subscription and the prototype patch (tests
 * restore `MediaStreamTrack.prototype.stop`); for tests. Wrapped mediaDevices
 * objects stay known, so re-installing on one never wraps it twice.
 */
export function resetMicrophone(): void {
  unsubscribe?.()
  unsubscribe = undefined
  stopPatched = false
  forgetMicrophoneStreams()
}
