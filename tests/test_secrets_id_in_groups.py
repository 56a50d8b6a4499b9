"""An identifier whose digits come in groups is refused like one typed whole (newcomer7 F3): a Canadian SIN
"046 454 286", 身份证号 in groups; "a sin", sin(x), a changed account number with a phone number are not."""

import pytest

from langmem_nodes.safety.pii import find_pii


@pytest.mark.parametrize(("text", "value"), [
    ("my SIN is 046 454 286", "046 454 286"),
    ("Remember my social insurance number: 046 454 286, I need it for the tax form", "046 454 286"),
    ("我的身份证号是 110101 199003 071234，帮我填表", "110101"),
    ("护照号码 E 1234 5678 记一下", "1234 5678"),
])
def test_an_identifier_in_groups_is_found(text, value) -> None:
    assert value in [f.value for f in find_pii(text)]


@pytest.mark.parametrize("text", [
    "It is a sin to waste 300 dollars", "sin(x) for x in 1024 steps", "The SIN of 2019 report",
    "my account number changed, call 555 0100", "客服电话是 400 820 8820，原罪（sin）这个词怎么翻译", "I have 3 SINs to fix in ticket 4521",
])
def test_look_alikes_are_not(text) -> None:
    assert find_pii(text) == []
