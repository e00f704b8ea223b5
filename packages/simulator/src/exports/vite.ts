// @worldmap/simulator/vite: the simulator in `vite dev` for pages outside World App.
export { worldAppSimulator } from '../vite/worldAppSimulator.js'
