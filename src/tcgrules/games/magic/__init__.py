"""Magic: The Gathering on the kernel — what 614–616 (replacement effects) and 701.10 (exchange) need.

See docs/magic.md. Entry points: :func:`board.board` / :func:`board.setup` and :class:`rules.Magic`.
"""
