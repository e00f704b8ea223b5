export default 'Inventory · WorldMap'
