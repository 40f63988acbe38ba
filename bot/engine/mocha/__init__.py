"""Mocha & Baksheesh: places 17-20, coffee, guild cards, the Tavern and the Coffee House.

``data`` holds the numbers printed on the module's components, ``texts`` its names and rule texts.
Nothing here is registered with the engine yet.
"""
