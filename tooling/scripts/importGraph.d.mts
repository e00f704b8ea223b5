// Types of importGraph.mjs, for the TypeScript tests that use it (packages/minikit/src/layering.test.ts).

export interface GraphReport {
  root: string
  modules: number
  rooms: string[]
  arrows: number
  backUp: string[]
  circles: string[][]
  unresolved: string[]
}
export function sourceFilesOf(dir: string, at?: string): string[]
export function importsOf(file: string, text: string, files: Set<string>): string[]
export function roomOf(file: string): string
export function loopsOf(graph: Map<string, Set<string>>): string[][]
export function bestOrderOf(nodes: string[], graph: Map<string, Set<string>>): string[]
export function graphOf(name: string, sources: Record<string, string>): GraphReport
export function graphsOfRepository(repository?: string): GraphReport[]
