// Types of appServer.mjs (plain JS so node runs it without a build).
export declare const appDir: string
export declare function freePort(): Promise<number>
export declare function buildAppForStack(options: {
  outDir: string
  stackEnv: Record<string, string>
}): Promise<{ distDir: string; clientDir: string; serverEntry: string }>
export declare function startAppServer(options: {
  serverEntry: string
  nonceSecret: string
  port?: number
  timeoutMs?: number
}): Promise<{ url: string; pid: number; stop(): Promise<void> }>
