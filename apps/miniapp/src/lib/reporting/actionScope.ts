let current: string | undefined

/**
 * Run `work` as part of the player action `actionId`: every callable it
 * starts synchronously (before its first `await`) sends the id, and the
 * reports of those calls carry it. The id is set for the synchronous part
 * only: a call started after an `await` inside `work` is outside the action,
 * so an id never leaks into an unrelated call.
 *
 * @example
 * ```ts
 * const actionId = createActionId() // on the player's tap
 * await withActionId(actionId, () => dataSource.collect(dropId, fix))
 * ```
 */
export function withActionId<result>(actionId: string, work: () => result): result {
  const outer = current
  current = actionId
  try {
    return work()
  } finally {
    current = outer
  }
}

/** The action a call being started now belongs to (see {@link withActionId}), or `undefined`. */
export function currentActionId(): string | undefined {
  return current
}
