"""A question about the change itself names its attribute: "When did I move?" asks about the home, "When did I
switch jobs?" / "我什么时候换的工作？" about the employer (newcomer24 M2: both got no memory, while "Where did I work
before?" found the same history). Sentences written for this file."""

from __future__ import annotations

import pytest

from langmem_nodes.categories import asked_categories


@pytest.mark.parametrize(("asked", "category"), [
    ("When did I move?", "residence"),
    ("How long ago did we relocate?", "residence"),
    ("我是什么时候搬的家？", "residence"),
    ("When did I change jobs?", "employer"),
    ("When did I start my job?", "employer"),
    ("我什么时候跳的槽？", "employer"),
])
def test_a_question_about_the_change_names_the_attribute(asked, category):
    assert category in asked_categories(asked)


@pytest.mark.parametrize("asked", ["When did the Berlin Wall fall?", "When did humans move out of Africa?",
                                   "什么时候搬家最便宜？", "When did Google change its logo?"])
def test_world_questions_name_no_personal_attribute(asked):
    assert not asked_categories(asked) & {"residence", "employer"}
