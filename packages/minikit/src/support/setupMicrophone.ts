import { subscribe } from '../events/dispatcher.js'
import { postToHost } from '../transport/postToHost.js'

const STOP_CODES = ['mini_app_permission_not_enabled', 'world_app_permission_not_enabled']

let tracking = false
const live = new Map<MediaStream, () => void>()

/** Stop every microphone stream the mini app opened, reporting each as ended. */
export function stopAllMicrophoneStreams(): void {
  for (const [stream, end] of [...live]) {
    for (const track of stream.getTracks()) track.stop()
    end()
  }
}

/**
 * Report microphone streams to the host (started/ended with `streamId`)
 * and stop them all when the host withdraws the permission. Idempotent;
 * skipped where `getUserMedia` does not exist.
 */
export function setupMicrophone(): void {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices
  if (tracking || typeof devices?.getUserMedia !== 'function') return
  tracking = true
  const post = (command: string, stream: MediaStream) => postToHost({ command, version: 1, payload: { streamId: stream.id } })

  // iOS does not fire `ended` when the page itself stops a track.
  if (typeof MediaStreamTrack !== 'undefined') {
    const stop = MediaStreamTrack.prototype.stop
    MediaStreamTrack.prototype.stop = function (this: MediaStreamTrack) {
      stop.call(this)
      if (this.readyState === 'ended') setTimeout(() => this.dispatchEvent(new Event('ended')), 0)
    }
  }

  const getUserMedia = devices.getUserMedia.bind(devices)
  devices.getUserMedia = async (constraints) => {
    const stream = await getUserMedia(constraints)
    const audio = stream.getAudioTracks()
    // Only audio counts: the host tracks microphone use, not the camera.
    if (audio.length === 0) return stream
    const end = () => {
      if (!live.delete(stream)) return
      post('microphone-stream-ended', stream)
    }
    live.set(stream, end)
    post('microphone-stream-started', stream)
    for (const track of audio) {
      track.addEventListener('ended', () => {
        if (audio.every((t) => t.readyState === 'ended')) end()
      })
    }
    return stream
  }

  subscribe<{ status?: string; error_code?: string }>('miniapp-microphone', (payload) => {
    if (payload?.status === 'error' && STOP_CODES.includes(payload.error_code ?? '')) {
      console.log('stopping all microphone streams', payload)
      stopAllMicrophoneStreams()
    }
  })
  ;(window as unknown as { __stopAllMiniAppMicrophoneStreams?: () => void }).__stopAllMiniAppMicrophoneStreams =
    stopAllMicrophoneStreams
}

/** Forget tracked streams so a fresh install can set tracking up again; for tests. */
export function resetMicrophone(): void {
  tracking = false
  live.clear()
}
