"""``tcgrules serve``: a local web app to play against the computer, read a game's timeline and why,
run scenarios in a sandbox and browse the card library (docs/web.md).

Importing this package imports nothing of the web framework; :mod:`tcgrules.web.app` does (the ``web``
extra: ``pip install 'tcgrules[web]'``).
"""
