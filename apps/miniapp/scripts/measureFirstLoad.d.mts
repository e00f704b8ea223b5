// Types of measureFirstLoad.mjs (plain JS so node runs it without a build).
export declare function measureFirstLoad(options: { html: string; clientDir: string }): {
  totalGzip: number
  files: { url: string; gzip: number }[]
}
