"""A remark on the weather is no request for the user's city (newcomer10 M1: "The weather is really nice today."
injected «用户住在杭州»); a weather question still is one."""

from __future__ import annotations

import pytest

from langmem_nodes.read.query_need import asks_something


@pytest.mark.parametrize("text", ["The weather is really nice today.", "the weather has been awful lately",
                                  "今天天气不错。", "又下雨了"])
def test_a_weather_remark_asks_nothing(text):
    assert not asks_something(text)


@pytest.mark.parametrize("text", ["weather this weekend", "What's the weather like where I live?", "明天要带伞吗",
                                  "周末天气怎么样？"])
def test_a_weather_question_asks(text):
    assert asks_something(text)
