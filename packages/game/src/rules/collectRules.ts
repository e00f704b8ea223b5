/** Base collection reach, metres (the map enables Collect within this). */
export const COLLECT_REACH_METERS = 50
/** At most this much of the reported GPS accuracy is added to the reach, metres. */
export const MAX_ACCURACY_BONUS_METERS = 25
/** Fixes less accurate than this are refused outright, metres. */
export const MAX_ACCURACY_METERS = 100
