import { createSwitchedRouter } from '@worldmap/game'
import { gameClock } from '../../lib/clock/gameClock.js'
import type { ClientConfig } from '../../lib/config/readClientConfig.js'
import { watchReconnect } from '../../lib/connectivity/createConnectivityStore.js'
import { getConnectivityStore } from '../../lib/connectivity/getConnectivityStore.js'
import { callFunction } from '../../lib/firebase/callFunction.js'
import { watchDatabaseValue } from '../../lib/firebase/watchDatabaseValue.js'
import { reportRegionOf } from '../../lib/reporting/reportRegion.js'
import { deviceTimeZone } from '../progress/getDeviceTimeZone.js'
import type { MapBackend } from './createFirebaseMapDataSource.js'

export { deviceTimeZone }

/**
 * The real {@link MapBackend}: Firebase Functions callables and Database
 * value listeners, both loaded on first use so neither is in the first load.
 * Drops are read where the functions write them: each watch cell on the
 * instance the region table names (`config.firebase.databaseRegions`), the
 * main instance for every region without an entry; from a table switch's
 * day on (`config.firebase.databaseSwitch`), a window's cells by the table
 * of that window (`createSwitchedRouter(…).forWindow`): the last window
 * before the switch stays where it was spawned, the first after it is on
 * the next table's instance.
 *
 * @example
 * ```ts
 * const source = createFirebaseMapDataSource(createFirebaseMapBackend(getClientConfig()))
 * ```
 */
export function createFirebaseMapBackend(config: ClientConfig): MapBackend {
  const { databaseURL, databaseRegions, databasePlayers, databaseSwitch } = config.firebase
  const router = createSwitchedRouter(
    databaseURL,
    { regions: databaseRegions, players: databasePlayers },
    databaseSwitch ?? undefined,
  )
  return {
    call: (name, data) => callFunction(config, name, data),
    watch: (path, onValue, onError, instance) => watchDatabaseValue(config, path, onValue, onError, instance),
    instanceOfCell: (watchCell, window) => router.forWindow(window).instanceOfCell(watchCell),
    regionOfCell: (cell) => reportRegionOf(cell, config.firebase.databaseRegions),
    now: () => gameClock.now(),
    onClockChange: (listener) => gameClock.subscribe(listener),
    timeZone: deviceTimeZone,
    onReconnect: (listener) => watchReconnect(getConnectivityStore(), listener),
  }
}
