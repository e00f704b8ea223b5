import { COLLECT_REACH_METERS } from '@worldmap/game'

/**
 * What an empty collection book says: how to fill the first spot, with a
 * link to the map.
 *
 * @example
 * ```tsx
 * {book.found === 0 && <BookEmpty />}
 * ```
 */
export function BookEmpty() {
  return (
    <div className="empty-state book-empty">
      <p>
        <strong>Your book is empty — for now.</strong>
      </p>
      <p>
        Every shape below is waiting somewhere out there. Open the map, walk within {COLLECT_REACH_METERS} m of a drop and tap
        Collect to fill your first spot.
      </p>
      <a href="/map" className="button button-primary">
        Open the map
      </a>
    </div>
  )
}
