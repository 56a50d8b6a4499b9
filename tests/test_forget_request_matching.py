"""ForgetRequestNode's candidates on the default embedder (MiniLM + e5): the request frame is stripped and the
rest matched by meaning and by the memory's predicate / object, with an absolute floor — an unrelated memory
is never offered. FINDINGS are the newcomer's cases; UNSEEN_* were written before the matcher and only scored."""

from __future__ import annotations

import pytest

from langmem_nodes import MemoryContext, MemoryStore, create_write_graph
from langmem_nodes.governance import ForgetRequestNode

EN_FACTS = ["Remember that I'm allergic to peanuts.", "Remember that I live in Porto.", "Remember that I work at Acme Corp.",
            "Remember that I'm vegetarian.", "Remember that my name is Ada.", "Remember that I use Vim.",
            "Remember that I prefer green tea."]
ZH_FACTS = ["记住：我对花生过敏。", "记住：我住在上海。", "记住：我在腾讯工作。", "记住：我吃素。", "记住：我叫小李。",
            "记住：我喜欢绿茶。"]
NC_FACTS = ["Remember that I'm allergic to peanuts.", "Remember that I live in Porto.", "记住：我对花生过敏。"]

# (request, predicates the offered memories may have; empty = nothing may be offered)
FINDINGS = [
    ("forget my allergy", {"allergy"}), ("forget everything about my allergy", {"allergy"}),
    ("forget what I said about my allergy", {"allergy"}), ("forget where I live", {"lives_in"}),
    ("forget what I said about peanuts", {"allergy"}), ("forget what I said about Porto", {"lives_in"}),
    ("忘掉我住在哪", {"lives_in"}), ("忘掉我的过敏", {"allergy"}), ("忘掉我说的花生过敏的事", {"allergy"}),
]
UNSEEN_EN = [
    ("please forget where I'm based", {"lives_in"}), ("delete what I told you about my job", {"works_at"}),
    ("erase my name", {"name"}), ("forget which editor I use", {"uses"}),
    ("remove everything about my diet", {"diet"}), ("forget the city I live in", {"lives_in"}),
    ("can you forget my tea preference", {"prefers"}), ("forget where I work", {"works_at"}),
    ("forget about the peanut thing", {"allergy"}), ("delete my allergies", {"allergy"}),
    ("forget what I said about my car", set()), ("forget my password", set()),
    ("forget what I told you about my sister", set()),
]
UNSEEN_ZH = [
    ("别记我住哪儿了", {"lives_in"}), ("删掉我的名字", {"name"}), ("忘了我在哪上班吧", {"works_at"}),
    ("把我吃素的事忘掉", {"diet"}), ("把我过敏的东西删了", {"allergy"}), ("忘掉我的家庭住址", {"lives_in"}),
    ("忘记我喜欢喝的茶", {"prefers"}), ("不要记我在哪工作", {"works_at"}), ("删除关于绿茶的内容", {"prefers"}),
    ("忘掉我叫什么", {"name"}), ("忘掉我的狗", set()), ("删掉我说的车的事", set()), ("忘掉我的密码", set()),
]


@pytest.fixture(scope="module")
def seeded(tmp_path_factory):
    store = MemoryStore(tmp_path_factory.mktemp("forget") / "home")  # the default embedder
    w = create_write_graph(store).compile()
    ctxs = {"en": MemoryContext(user_id="ada"), "zh": MemoryContext(user_id="li"), "nc": MemoryContext(user_id="nc")}
    for who, facts in (("en", EN_FACTS), ("zh", ZH_FACTS), ("nc", NC_FACTS)):
        for t in facts:
            out = w.invoke({"messages": [("user", t)]}, context=ctxs[who])
            # the allergy said again in Chinese is the same memory (a repeat), not a second one
            assert out["memory_written"] or [s["action"] for s in out["memory_skipped"]] == ["skip_duplicate"], t
    yield store, ctxs
    store.close()


def offered(seeded, who: str, request: str) -> tuple[str, set[str]]:
    store, ctxs = seeded
    ask = ForgetRequestNode(store).run({"memory_forget_request": request}, ctxs[who], None)
    recs = store.get_many([c["id"] for c in ask["memory_forget_candidates"]])
    return ask["memory_forget_status"], {recs[c["id"]].predicate for c in ask["memory_forget_candidates"]}


def check(seeded, who: str, request: str, want: set[str]) -> None:
    status, preds = offered(seeded, who, request)
    if want:
        assert status == "awaiting_confirmation" and preds and preds <= want, (request, status, preds)
    else:
        assert status == "nothing_found" and not preds, (request, status, preds)


@pytest.mark.parametrize(("request_text", "want"), FINDINGS)
def test_findings_cases(seeded, request_text, want):
    check(seeded, "nc", request_text, want)


@pytest.mark.parametrize(("request_text", "want"), UNSEEN_EN)
def test_unseen_english_requests(seeded, request_text, want):
    check(seeded, "en", request_text, want)


@pytest.mark.parametrize(("request_text", "want"), UNSEEN_ZH)
def test_unseen_chinese_requests(seeded, request_text, want):
    check(seeded, "zh", request_text, want)
