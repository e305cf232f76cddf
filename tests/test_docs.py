"""The docs stay true to the code: every reconstructed card is listed, every doc the README links exists."""

from __future__ import annotations

import re
from pathlib import Path

from tcgrules.games.duel_masters import standard_catalog

ROOT = Path(__file__).parents[1]


def test_every_reconstructed_card_is_listed_in_docs_cards():
    listed = (ROOT / "docs" / "cards.md").read_text(encoding="utf-8").split("## Reconstructed texts", 1)[1]
    missing = [
        c.name
        for c in standard_catalog().values()
        if c.text_status == "reconstructed" and c.name not in listed
    ]
    assert not missing, f"add these reconstructed cards to docs/cards.md: {missing}"


def test_readme_links_point_to_existing_docs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", readme):
        assert (ROOT / target).exists(), f"README links to {target}, which does not exist"
