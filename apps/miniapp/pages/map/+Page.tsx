import { lazyScreen } from '../../src/components/lazyScreen.js'

export default lazyScreen(() => import('../../src/features/mapPage/MapPage.js').then((m) => m.MapPage))
