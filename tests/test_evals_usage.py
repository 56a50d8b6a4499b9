"""`python -m evals usage`: the live measures agree with the simulation's own truth, and configurations differ."""

from __future__ import annotations

import json

from evals import all as evals_all
from evals import usage


def test_usage_eval_live_measures_match_the_script(tmp_path, capsys):
    png = tmp_path / "usage.png"
    assert usage.main(["--embedders", "hashing", "--users", "en_ada,zh_li", "--json", "--plot", str(png)]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert png.stat().st_size > 1000
    configs = result["embedders"]["hashing"]["configs"]
    assert set(configs) == set(usage.CONFIGS)
    for name, by_lang in configs.items():
        for lang in ("all", "en", "zh"):
            m = by_lang[lang]
            # the write side saw every restatement the simulated user made
            assert m["restatements"] == m["script_restatements"], (name, lang)
            # the one forged id per user is ignored, never a `used` event
            assert m["ignored_citations"] == (2 if lang == "all" else 1)
            assert m["latency_p50_ms"] is not None and m["latency_p50_ms"] <= m["latency_p95_ms"]
    none, default = configs["no memory"]["all"], configs["default"]["all"]
    # no memory: every question that needed one is restated, nothing is injected, "unused" is unknown
    assert none["restatements"] == none["script_needed"] == 20
    assert none["injected_items"] == 0 and none["unused_items"] is None and none["hit_rate"] == 0.0
    assert default["restatements"] < none["restatements"] and default["injected_items"] > 0
    assert 0.0 <= default["unused_items"] <= 1.0 and default["stale_citation_rate"] is not None
    table = usage.table(result)
    assert len(table.splitlines()) == 2 + len(usage.CONFIGS) and "no memory" in table


def test_only_replaces_one_section_and_its_headline(tmp_path, monkeypatch):
    monkeypatch.setattr(evals_all, "PLOTS_DIR", tmp_path / "plots")
    report = tmp_path / "report.md"
    skip = [s.name for s in evals_all.SIMS if s.name != "ttl"] + [e.name for e in evals_all.EXTERNAL]
    assert evals_all.main(["--quick", "--report", str(report), "--skip", *skip]) == 0
    before = report.read_text()
    assert "| usage | NOT RUN" in before
    monkeypatch.setattr(evals_all, "_run_sim", lambda sim, quick: {"ok": False, "error": "boom"})
    assert evals_all.main(["--report", str(report), "--only", "usage"]) == 0
    after = report.read_text()
    assert "| usage | NOT RUN: boom |" in after and after.count("(`usage`)") == 1
    assert "**NOT RUN** — boom" in after and "## Tiered vs uniform TTL (`ttl`)" in after
    # the other sections are untouched
    assert after.replace("NOT RUN: boom", "NOT RUN: skipped (--skip)").replace("— boom", "— skipped (--skip)") == before
    # a report from before the eval existed gets the section before the external ones and a headline row
    # right after the other simulations' rows
    sim = next(s for s in evals_all.SIMS if s.name == "usage")
    old = "\n".join(ln for ln in before.split("\n") if not ln.startswith("| usage |"))
    old = old.replace(old[old.index("## " + sim.title):old.index("## Extraction")], "")
    added = evals_all.update_report(old, sim, {"ok": False, "error": "new"})
    lines = added.split("\n")
    row = lines.index("| usage | NOT RUN: new |")
    assert lines[row - 1].startswith("| cost |") and added.index("(`usage`)") < added.index("## Extraction")


def test_embedder_clear_cache_forgets_every_vector():
    from langmem_nodes.embeddings import HashingEmbedder

    e = HashingEmbedder(dim=16)
    e.embed(["tea", "绿茶"])
    assert e.cached("tea") and e.cached("绿茶")
    e.clear_cache()
    assert not e.cached("tea") and not e.cached("绿茶")
    from langmem_nodes.bilingual import BilingualEmbedder

    b = BilingualEmbedder(HashingEmbedder(dim=8), HashingEmbedder(dim=8), half=8)
    b.embed(["tea", "绿茶"])
    assert b.sub("en").cached("tea") and b.sub("zh").cached("绿茶")
    b.clear_cache()
    assert not b.sub("en").cached("tea") and not b.sub("zh").cached("绿茶")
