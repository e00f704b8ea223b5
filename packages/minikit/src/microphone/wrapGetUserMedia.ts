// The part of microphone tracking that must exist the moment install()
// returns: the wrap of `navigator.mediaDevices.getUserMedia`. A page that
// opens the microphone right after install (before the lazily loaded rest,
// microphoneStreams.ts, arrives) still has its stream reported, because the
// wrap loads that code itself and reports before handing the stream over.
// Terse on purpose: install() runs it, so every byte ships in every bundle.

// Tracked per mediaDevices object, not once per page: a page (or a test, or
// a re-install after a reset) may put a fresh `navigator.mediaDevices` in
// place, and that one needs wrapping too. A WeakSet lets replaced objects go.
const wrapped = new WeakSet<object>()

/**
 * Wrap `navigator.mediaDevices.getUserMedia`, synchronously, once per
 * mediaDevices object. Each stream is reported to the host (by the lazily
 * loaded `trackStream`) before the caller gets it, so the host hears
 * `microphone-stream-started` first, as with the official toolkit. Skipped
 * where `getUserMedia` does not exist. Browser only: callers check `window`.
 *
 * @example
 * ```ts
 * wrapGetUserMedia() // install() does this
 * await navigator.mediaDevices.getUserMedia({ audio: true }) // host gets microphone-stream-started
 * ```
 */
export function wrapGetUserMedia(): void {
  const devices = window.navigator?.mediaDevices
  if (!devices?.getUserMedia || wrapped.has(devices)) return
  wrapped.add(devices)
  const getUserMedia = devices.getUserMedia.bind(devices)
  devices.getUserMedia = async (constraints) => {
    const stream = await getUserMedia(constraints)
    // Already loading since install(); a failed load was logged there, and the page still gets its stream.
    await import('./microphoneStreams.js').then((module) => module.trackStream(stream), Object)
    return stream
  }
}
