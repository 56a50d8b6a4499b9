"""red team 7 L3: ids that differ only by Unicode form. One form per id is accepted (NFKC, no look-alike letter of
another script standing for a Latin one), so one person never gets two scopes and two people never share one;
ids in one script of their own (Chinese, Russian, accented Latin) work and stay apart."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from langmem_nodes import MemoryContext, MemoryStore, create_read_graph, create_write_graph
from langmem_nodes.governance import MemoryAdmin
from langmem_nodes.records import Scope

REFUSED = {  # another spelling of an accepted id -> the id it would read as
    "Jose\u0301": "José",          # NFD
    "ａｄａ": "ada",               # full-width
    "ﬁnn": "finn",                 # ligature
    "\u0430da": "ada",             # Cyrillic а inside a Latin id
    "ΑΡΑ": "APA",                  # Greek capitals alone that read as Latin
    "王\u2f24": "王大",             # Kangxi radical 大
}
ACCEPTED = ["ada", "José", "Ölaf", "иван", "王小明", "ada-2", "山田_太郎"]


@pytest.mark.parametrize("given,reads", REFUSED.items())
@pytest.mark.parametrize("field", ["user_id", "project_id", "org_id", "session_id"])
def test_another_spelling_of_an_id_is_refused_naming_the_one_form(given, reads, field):
    with pytest.raises(ValidationError) as err:
        MemoryContext(**{"user_id": "u", field: given})
    assert ascii(reads) in str(err.value) or repr(reads) in str(err.value)
    with pytest.raises(ValidationError):
        Scope(level="user", **{"user_id": "u", field: given})


@pytest.mark.parametrize("uid", ACCEPTED)
def test_an_id_in_its_one_form_is_accepted_as_given(uid):
    assert MemoryContext(user_id=uid, project_id=uid).user_id == uid


def test_delete_all_refuses_another_spelling(tmp_path):
    with MemoryStore(tmp_path, embedder="hashing") as store, pytest.raises(ValueError, match="canonical"):
        MemoryAdmin(store).delete_all(org_id="*", project_id="*", user_id="Jose\u0301", session_id="*")


@pytest.mark.parametrize("said,asked,word", [("Remember that I live in Oslo.", "Where do I live?", "Oslo"),
                                             ("记住：我住在杭州。", "我住在哪里？", "杭州")])
def test_look_alike_users_stay_apart(tmp_path, said, asked, word):
    with MemoryStore(tmp_path, embedder="hashing") as store:
        create_write_graph(store).compile().invoke({"messages": [("user", said)]}, context=MemoryContext(user_id="José"))
        read = create_read_graph(store).compile()
        again = read.invoke({"messages": [("user", asked)]}, context=MemoryContext(user_id="José"))
        assert word in (again.get("memory_injection") or "")  # the same person, the same form: one scope
        other = read.invoke({"messages": [("user", asked)]}, context=MemoryContext(user_id="Jose"))
        assert word not in (other.get("memory_injection") or "")  # a different id is a different person
        with pytest.raises(ValidationError):
            read.invoke({"messages": [("user", asked)]}, context=MemoryContext(user_id="Jose\u0301"))
