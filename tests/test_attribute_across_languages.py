"""One active value per attribute, whichever language says it (red team 8, H7): "Remember that my blood type is A."
then "记住：我的血型是O型。" leaves one active value, and the Chinese "(我们)项目的X是Y" is the project's attribute X, as
"our project's X is Y" is, never the multi-valued `uses` (no «项目使用3月3日», no «项目使用王磊»).

The sentence pairs are written for this file (English, Chinese; both orders are tried)."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes import create_write_graph
from langmem_nodes.equivalents import family_name
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.records import MemoryContext
from langmem_nodes.write.extractor import RuleExtractor

#: (English, Chinese): one attribute, two values
USER_PAIRS = [
    ("Remember that my shoe size is 42.", "记住：我的鞋码是43。"),
    ("My zodiac sign is Leo.", "我的星座是天蝎座。"),
    ("My dentist is Dr. Wong.", "我的牙医是刘医生。"),
    ("My keyboard is an HHKB.", "我的键盘是Keychron K2。"),
    ("My height is 175 cm.", "我的身高是180厘米。"),
    ("My major is physics.", "我的专业是化学。"),
    ("My office is on the second floor.", "我的办公室在六楼。"),
    ("My monitor is a Dell U2720Q.", "我的显示器是LG 27UL850。"),
    ("My headphones are Sony WH-1000XM5.", "我的耳机是AirPods Pro。"),
    ("My tablet is an iPad Air.", "我的平板是华为MatePad。"),
    ("My weight is 70 kg.", "我的体重是65公斤。"),
    ("My input method is Rime.", "我的输入法是搜狗。"),
    ("My landlord is Mr. Zhang.", "我的房东是王阿姨。"),
    ("My hairdresser is Tony.", "我的理发师是Kevin。"),
    ("My therapist is Dr. Ross.", "我的心理医生是周医生。"),
    ("My blood type is A.", "我的血型是O型。"),
    ("My doctor is Dr. Chen.", "我的主治医生是李医生。"),
    ("My desk is on the third floor.", "我的工位在五楼。"),
]
PROJECT_PAIRS = [
    ("Our project's default branch is develop.", "我们项目的默认分支是main。"),
    ("Our project's deadline is June 30.", "我们项目的截止日期是7月15日。"),
    ("Our project's tech lead is Zhou Jie.", "我们项目的技术负责人是陈晨。"),
    ("Our project's frontend is Vue.", "我们项目的前端是React。"),
    ("Our project's port is 8080.", "我们服务的端口是9090。"),
    ("Our project's product manager is Li Na.", "我们项目的产品经理是赵敏。"),
    ("Our project's designer is Amy.", "我们项目的设计师是小林。"),
    ("Our project's budget is 50k.", "我们项目的预算是十万。"),
    ("Our project's code name is Falcon.", "我们项目的代号是青鸟。"),
    ("Our project's deploy platform is AWS.", "我们项目的部署平台是阿里云。"),
    ("Our project's launch date is March 3.", "这个仓库的上线日期是4月1日。"),
    ("Our project's owner is Wang Lei.", "本项目的负责人是李娜。"),
    ("Our project's database is MySQL.", "咱们项目的数据库是PostgreSQL。"),
]


def _claims(text: str) -> list[tuple[str, str, str]]:
    return [(c.subject, c.predicate, c.object) for c, *_ in RuleExtractor().claims(text)]


@pytest.mark.parametrize(("en", "zh"), USER_PAIRS + PROJECT_PAIRS)
def test_one_attribute_key_in_both_languages(en, zh) -> None:
    (en_claim,), (zh_claim,) = _claims(en), _claims(zh)
    assert en_claim[0] == zh_claim[0]
    assert zh_claim[1].startswith("attr:"), zh_claim
    assert family_name(en_claim[1]) == family_name(zh_claim[1]), (en_claim, zh_claim)


@pytest.mark.parametrize(("text", "value"), [
    ("记住：我们项目的上线日期是3月3日。", "3月3日"), ("我们项目的负责人是王磊", "王磊"), ("这个服务的域名是 api.example.cn", "api.example.cn"),
    ("我们仓库的主分支现在是 trunk", "trunk"), ("咱们项目的测试负责人是小周吧", "小周"),
])
def test_a_chinese_project_attribute_is_never_uses(text, value) -> None:
    (claim,) = _claims(text)
    assert claim[0] == "project" and claim[1].startswith("attr:") and claim[2] == value, claim


@pytest.mark.parametrize("text", [
    "这个项目的后端是用 Rust 写的",  # what it is built with: the stack
    "我们项目的数据库是MySQL和Redis",  # two values: the stack, not one attribute
    "这个项目的约定是提交前先跑测试",  # a convention, not an attribute value
])
def test_a_project_stack_or_rule_stays_as_it_was(text) -> None:
    assert all(not p.startswith("attr:") for _, p, _ in _claims(text)), _claims(text)


@pytest.mark.parametrize("text", ["我的钥匙在桌上", "我的电脑在充电", "我的项目在GitHub上"])
def test_where_a_thing_lies_is_no_place_attribute(text) -> None:
    assert not any(p.startswith("attr:") and s == "user" for s, p, _ in _claims(text)), _claims(text)


@pytest.fixture
def write_store(tmp_path):
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path / "home") as store:
        yield store


def _active(store, scope: dict) -> list[str]:
    return [r["text"] for r in MemoryAdmin(store).list(scope) if r["status"] == "active"]


@pytest.mark.integration
@pytest.mark.parametrize("order", ["en_zh", "zh_en"])
def test_the_later_value_stands_in_either_language(write_store, order) -> None:
    write = create_write_graph(write_store).compile()
    pairs = [USER_PAIRS[i] for i in (0, 2, 15, 16, 17)] + [PROJECT_PAIRS[i] for i in (1, 2, 9, 12)]
    for i, (en, zh) in enumerate(pairs):
        first, second = (en, zh) if order == "en_zh" else (zh, en)
        ctx = MemoryContext(user_id=f"u{i}", project_id=f"p{i}")
        for text in (first, second):
            write.invoke({"messages": [HumanMessage(text)]}, context=ctx)
        scope = {"user_id": f"u{i}"} if (en, zh) in USER_PAIRS else {"org_id": "default", "project_id": f"p{i}"}
        active = _active(write_store, scope)
        (said,) = [c for _, _, c in _claims(second)]
        assert len(active) == 1 and said.split()[-1].rstrip("。.") in active[0], (first, second, active)


def test_the_read_side_keys_one_attribute_in_either_language() -> None:
    """Two active values kept from before (or from elsewhere) are one attribute's, so the read side shows one."""
    from langmem_nodes.facts import attribute_key
    from langmem_nodes.records import MemoryRecord, Scope

    def rec(pred: str, obj: str, subject: str = "user") -> MemoryRecord:
        return MemoryRecord(text=obj, subject=subject, predicate=pred, object=obj, scope=Scope(user_id="u"))

    assert attribute_key(rec("attr:blood_type", "A")) == attribute_key(rec("attr:血型", "O型"))
    assert attribute_key(rec("attr:database", "MySQL", "project")) == attribute_key(rec("attr:数据库", "PostgreSQL", "project"))
    assert attribute_key(rec("attr:doctor", "Dr. Chen")) != attribute_key(rec("attr:牙医", "刘医生"))


def test_a_category_holds_its_attribute_said_in_chinese() -> None:
    from langmem_nodes.categories import holds_category

    # by the predicate alone: neither value is in the category's vocabulary
    assert holds_category("database", "attr:数据库", "某个自研库", "某个自研库")
    assert holds_category("hosting", "attr:部署平台", "阿里云", "阿里云")


@pytest.mark.parametrize(("text", "value"), [("这个仓库的包管理用的是 yarn。", "yarn"), ("我们项目的前端都是用 Vue 写的", "Vue")])
def test_what_a_project_uses_stays_its_stack(text, value) -> None:
    claims = _claims(text)
    assert claims and all(s == "project" and o == value and not p.startswith("attr:") for s, p, o in claims), claims


@pytest.mark.parametrize(("question", "asked"), [
    ("What's my blood type?", "blood_type"), ("我的血型是什么？", "blood_type"), ("Who is my dentist?", "dentist"),
    ("我的牙医是谁", "dentist"), ("Where is my desk?", "desk"), ("我的工位在哪？", "desk"),
    ("Who is our project's owner?", "owner"), ("我们项目的上线日期是什么时候？", "launch_date"),
])
def test_a_question_names_the_attribute_in_either_language(question, asked) -> None:
    from langmem_nodes.categories import asked_categories

    assert asked_categories(question) == {asked}


@pytest.mark.parametrize("question", ["What is a blood type?", "什么是血型？", "Write a poem about a dentist"])
def test_an_impersonal_question_names_no_attribute(question) -> None:
    from langmem_nodes.categories import asked_categories

    assert asked_categories(question) == set()


@pytest.mark.integration
@pytest.mark.parametrize(("said", "question", "wanted"), [
    (["Remember that my blood type is A.", "记住：我的血型是O型。"], "What's my blood type?", "O型"),
    (["我的牙医是刘医生。", "My dentist is Dr. Wong."], "我的牙医是谁？", "Dr. Wong"),
])
def test_the_question_gets_the_later_value_in_the_other_language(write_store, said, question, wanted) -> None:
    from langmem_nodes import create_read_graph

    ctx = MemoryContext(user_id="ann")
    write = create_write_graph(write_store).compile()
    for text in said:
        write.invoke({"messages": [HumanMessage(text)]}, context=ctx)
    out = create_read_graph(write_store, record_usage=False).compile().invoke({"messages": [("user", question)]}, context=ctx)
    texts = [h.record.text for h in out["memory_selected"]]
    assert len(texts) == 1 and wanted in texts[0], texts
