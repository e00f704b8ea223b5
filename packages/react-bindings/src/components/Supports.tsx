import type { Command } from '@worldmap/minikit'
import type { ReactNode } from 'react'
import { useSupports } from '../hooks/useSupports.js'

/** Props of {@link Supports}. */
export interface SupportsProps {
  /** The host command (wire name) the children need. */
  command: Command
  children?: ReactNode
  /** Rendered instead when the command is unavailable (outside World App, old host, SSR). */
  fallback?: ReactNode
}

/**
 * Render `children` only when the host offers `command`, else `fallback`.
 *
 * @example
 * ```tsx
 * <Supports command="pay" fallback={<p>Update World App to tip</p>}>
 *   <TipButton />
 * </Supports>
 * ```
 */
export function Supports({ command, children, fallback = null }: SupportsProps) {
  return useSupports(command) ? children : fallback
}
