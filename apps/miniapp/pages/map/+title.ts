export default 'Map · WorldMap'
