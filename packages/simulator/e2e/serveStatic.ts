import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Serve a few in-memory files on 127.0.0.1 (port chosen by the OS). */
export async function serveStatic(
  files: Record<string, { body: string; type: string }>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://x').pathname]
    if (!file) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'Content-Type': file.type, 'Cache-Control': 'no-store' }).end(file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
