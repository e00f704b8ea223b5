/** Wire type: every message the mini app sends to World App. */
export interface HostMessage {
  command: string
  version?: number
  payload: unknown
}

interface HostWindow {
  webkit?: { messageHandlers?: { minikit?: { postMessage(message: unknown): void } } }
  Android?: { postMessage(message: string): void }
}

/**
 * Send one message to the host: iOS receives the object through
 * `webkit.messageHandlers.minikit`, Android a JSON string through `Android`.
 *
 * @returns whether a native handler took the message
 * @example
 * ```ts
 * postToHost({ command: 'sign-message', version: 1, payload: { message: 'hi' } })
 * ```
 */
export function postToHost(message: HostMessage): boolean {
  if (typeof window === 'undefined') return false
  const host = window as unknown as HostWindow
  // The official toolkit branches on `webkit` existing; checking the handler
  // itself avoids a silent no-op in Safari outside the app.
  const ios = host.webkit?.messageHandlers?.minikit
  if (ios) {
    ios.postMessage(message)
    return true
  }
  if (host.Android) {
    host.Android.postMessage(JSON.stringify(message))
    return true
  }
  return false
}
