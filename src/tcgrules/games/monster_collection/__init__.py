"""Monster Collection TCG (総合ルール 2.0) on the kernel: chained replacement and effect sources.

See ``docs/monster_collection.md``. The module's replacement policy is :mod:`.policy`; cards are data in
``cards/*.yaml`` (:mod:`.cards`), interpreted by :mod:`.abilities` and :mod:`.play`.
"""
