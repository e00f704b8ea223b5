// @worldmap/simulator/playwright: run end-to-end tests as if inside World App.
export { readSimulatorScript } from '../node/readSimulatorScript.js'
export {
  type DeliverNotificationsOptions,
  deliverNotifications,
  type NotificationPage,
} from '../playwright/deliverNotifications.js'
export { type InitScriptTarget, installSimulator } from '../playwright/installSimulator.js'
