"""The English lexical route: one stem per word family, and BM25 that lets a content turn beat a short echo.

Made-up words and conversations (not from any eval set). Each pair of forms must meet at one token, each pair
of different words must not.
"""

import pytest

from langmem_nodes.store.bm25 import BM25Projection
from langmem_nodes.text import tokenize

SAME = [
    ("making", "make"), ("makes", "make"), ("made", "make"), ("baked", "bake"), ("hiking", "hikes"),
    ("called", "call"), ("missed", "miss"), ("stopped", "stop"), ("paintings", "painting"), ("paintings", "paint"),
    ("families", "family"), ("studied", "study"), ("studying", "studies"), ("movies", "movie"),
    ("went", "go"), ("goes", "go"), ("bought", "buy"), ("took", "take"), ("wrote", "writing"), ("children", "child"),
    ("dancing", "dance"), ("inspired", "inspire"), ("believed", "believe"), ("used", "use"), ("lives", "living"),
    ("classes", "class"), ("boxes", "box"), ("churches", "church"), ("colours", "color"), ("favourite", "favorite"),
    ("organised", "organize"), ("analyzing", "analysed"), ("centre", "center"), ("travelled", "traveling"), ("agreed", "agree"),
]
DIFFERENT = [
    ("times", "tim"), ("painter", "paint"), ("early", "ear"), ("family", "fame"), ("hoping", "hopping"),
    ("caring", "car"), ("filed", "fill"), ("king", "kin"), ("spring", "sprint"),
]


@pytest.mark.parametrize(("a", "b"), SAME)
def test_inflected_forms_meet(a: str, b: str) -> None:
    assert tokenize(a) == tokenize(b), (a, b, tokenize(a), tokenize(b))


@pytest.mark.parametrize(("a", "b"), DIFFERENT)
def test_different_words_stay_apart(a: str, b: str) -> None:
    assert tokenize(a) != tokenize(b), (a, b)


def test_sentences_share_their_content_stems() -> None:
    memory = set(tokenize("Ben baked three loaves and went hiking with his children in the hills"))
    for question in ("Does Ben bake bread?", "Where does Ben go hiking with his child?", "When did Ben hike?"):
        assert {"ben"} < set(tokenize(question)) & memory, question


def test_chinese_and_identifiers_unchanged() -> None:
    assert tokenize("我在北京工作") == ["北", "京", "工", "作", "我在", "在北", "北京", "京工", "工作"]
    assert tokenize("deploy.sh v2.10 node18") == ["deploy.sh", "v2.10", "node18"]


CHAT = [
    "Priya: Hey Tom, long time no see! How was your weekend?",
    "Tom: Busy! I finally went back to the pottery studio on Saturday.",
    "Priya: Wow, pottery! That sounds fun, Tom.",
    "Tom: It was. My teacher showed me how to centre the clay, and I threw a small blue vase for my sister's "
    "birthday next month.",
    "Priya: That is so sweet of you, Tom!",
    "Tom: How about you? Did you finish the marathon training plan?",
    "Priya: Almost, two more long runs and then the race in Lisbon.",
    "Tom: Lisbon in spring is lovely, good luck with the race!",
    "Priya: Thanks Tom! Send me a photo of the vase when it is glazed.",
    "Tom: Will do, Priya.",
]


def test_content_turn_beats_a_short_echo() -> None:
    """A two-line reply that echoes a name and one word must not outrank the turn holding the fact."""
    bm = BM25Projection()
    part = bm._part("p")
    for i, text in enumerate(CHAT):
        part.add(str(i), tokenize(text), "active")
    assert bm.search(["p"], "Tom make pottery sister", 3)[0][0] == "3"
    assert bm.search(["p"], "Priya running race", 3)[0][0] == "6"
