"""A bare correction in a later turn ("actually it's Porto, not Lisbon", "哦不对，是上海") corrects the fact it is
about — the one whose value it names, else the latest of the same kind — never the latest unrelated fact."""

from __future__ import annotations

import pytest

from langmem_nodes.records import MemoryContext
from tests.test_extraction_compositional import _converse

CTX = MemoryContext(user_id="ada", project_id="web", session_id="s1")

CASES = {
    "en-named": (["I moved to Lisbon last month.", "Our repo deploys on Fly.io.", "actually it's Porto, not Lisbon"],
                 ["Project uses Fly.io", "User lives in Porto"]),
    "en-tool": (["I use Vim for everything.", "We deploy on Fly.io.", "Actually, correction: it's Helix, not Vim"],
                ["Project uses Fly.io", "User uses Helix"]),
    "zh-place": (["我住在北京。", "我们项目用 pnpm。", "哦不对，我记错了，是上海。"], ["用户住在上海", "项目使用pnpm"]),
    "zh-tool": (["我们项目用 npm。", "我住在成都。", "不对，应该是 pnpm"], ["用户住在成都", "项目使用pnpm"]),
}


@pytest.mark.parametrize("case", CASES)
def test_a_bare_correction_lands_on_the_fact_it_is_about(store, case) -> None:
    turns, active = CASES[case]
    assert sorted(m.text for m in _converse(store, turns, CTX)) == active
