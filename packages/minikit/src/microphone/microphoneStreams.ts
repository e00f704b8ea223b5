// The streams the page opened, reported to the host: what the getUserMedia
// wrap (wrapGetUserMedia.ts, loaded by install) hands each stream to, and what
// setupMicrophone stops when the host withdraws the permission. A module of
// its own so the wrap can load it lazily without importing setupMicrophone,
// which imports the wrap.
import { postToHost } from '../transport/postToHost.js'

const live = new Map<MediaStream, () => void>()

/** Stop every microphone stream the mini app opened, reporting each as ended. */
export function stopAllMicrophoneStreams(): void {
  for (const [stream, end] of [...live]) {
    for (const track of stream.getTracks()) track.stop()
    end()
  }
}

const post = (command: string, stream: MediaStream) => postToHost({ command, version: 1, payload: { streamId: stream.id } })

/**
 * Report a stream the page opened: started now, ended once all its audio
 * tracks end. Called by the getUserMedia wrap (wrapGetUserMedia.ts).
 *
 * @example
 * ```ts
 * trackStream(await getUserMedia({ audio: true })) // host gets microphone-stream-started
 * ```
 */
export function trackStream(stream: MediaStream): void {
  const audio = stream.getAudioTracks()
  // Only audio counts: the host tracks microphone use, not the camera.
  if (audio.length === 0) return
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
}

/** Forget every live stream (resetMicrophone, for tests). */
export function forgetMicrophoneStreams(): void {
  live.clear()
}
