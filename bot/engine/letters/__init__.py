"""Letters & Seals: places 21-24, letters and seals, the companion, the Courier, kiosk tiles and the
module's bonus cards. `data` holds the component numbers, `texts` the names and rule texts; the rules
themselves are registered with the engine by the module's issue."""
