"""An English cleft ("it's tree nuts I'm allergic to") reads as the plain clause (casual9 tune c9-en-041 stored
«tree nuts im allergic to»), en; the zh counterpart of such a correction already reads (guarded). The sentences
are written for this file."""

from __future__ import annotations

import pytest

from langmem_nodes.write import RuleExtractor


@pytest.mark.parametrize(("text", "predicate", "term"), [
    ("sorry, its tree nuts im allergic to", "allergy", "tree nuts"),
    ("It's penicillin that I'm allergic to.", "allergy", "penicillin"),
    ("oh wait, it's Lund I moved to", "lives_in", "Lund"),
    ("不对，我其实是对坚果过敏。", "allergy", "坚果"),  # already read: guarded
])
def test_a_cleft_reads_as_the_plain_clause(text, predicate, term):
    claims, _ = RuleExtractor().analyse(text)
    assert [(c.predicate, c.object) for c, *_ in claims] == [(predicate, term)], claims


@pytest.mark.parametrize("text", ["it's fine I guess", "It's the weekend I look forward to.", "是周末我最期待。"])
def test_no_value_no_cleft(text):
    claims, _ = RuleExtractor().analyse(text)
    assert not [c for c, *_ in claims if c.predicate in ("allergy", "lives_in")]
