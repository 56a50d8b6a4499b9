"""A credential said on chat is refused whatever its shape or value: a common password used on a system
("I'm using password123 on the test box", rt6 H8), and a credential attribute whose value is not the secret
itself ("My wifi password is the same as …", rt6 L4) — never a memory named after a password. Look-alikes
(a tool and its version used on a system, a password manager, a zip code) still store."""

from __future__ import annotations

import pytest

from langmem_nodes import MemoryContext, create_write_graph
from langmem_nodes.safety.credential_attribute import credential_attribute
from langmem_nodes.safety.system_login import find_system_logins


def said(store, text: str) -> dict:
    return create_write_graph(store).compile().invoke({"messages": [("user", text)]},
                                                      context=MemoryContext(user_id="ada"))


@pytest.mark.parametrize("text", [
    "Remember I'm using password123 on the test box.",
    "I use Passw0rd2024 on staging",
    "remember I always use admin123 for the admin panel",
    "我在测试服上一直用password123",
    "On the VPN I use qwerty1234",
])
def test_a_common_password_used_on_a_system_is_refused(store, text):
    out = said(store, text)
    assert out["memory_written"] == []
    kept = str([out["memory_written"], out["memory_skipped"]])
    assert not any(v in kept for v in ("password123", "Passw0rd2024", "admin123", "qwerty1234"))


@pytest.mark.parametrize("text", ["I'm using Python 3.12 on the test box.", "I use node-20 on staging",
                                  "I'm using pnpm9 on prod", "I use Ubuntu 24.04 on the servers"])
def test_a_tool_used_on_a_system_is_no_password(text):
    assert find_system_logins(text) == []


def test_a_tool_used_on_the_test_box_still_stores(store):
    assert [w["object"] for w in said(store, "I'm using Python 3.12 on the test box.")["memory_written"]] == ["Python 3.12"]


@pytest.mark.parametrize("text", [
    "My wifi password is the same as my name backwards plus 42: adA42",
    "My wifi password is the same as before.",
    "My bank PIN is the one I told you.",
    "我的银行卡密码是我的生日",
    "The garage code is the year we moved in",
])
def test_a_credential_attribute_never_becomes_a_memory(store, text):
    out = said(store, text)
    assert [w["text"] for w in out["memory_written"]] == []
    assert "adA42" not in str([out["memory_written"], out["memory_skipped"]])


@pytest.mark.parametrize(("predicate", "named"), [
    ("attr:wifi_password", "wifi password"), ("attr:bank_pin", "bank pin"), ("attr:garage_code", "garage code"),
    ("attr:api_key", "api key"), ("attr:银行卡密码", "银行卡密码"),
    ("attr:password_manager", None), ("attr:password_hint", None), ("attr:zip_code", None), ("attr:电话号码", None),
    ("attr:favourite_tea", None), ("lives_in", None), ("attr:login_method", None), ("attr:密码策略", None),
])
def test_credential_attribute_names(predicate, named):
    assert credential_attribute(predicate) == named


@pytest.mark.parametrize("text", ["Remember my password manager is 1Password", "My zip code is 10001",
                                  "我的电话号码是公司座机", "My favourite tea is oolong"])
def test_look_alike_attributes_still_store(store, text):
    assert said(store, text)["memory_written"]


@pytest.mark.parametrize("text", ["honestly my passphrase is the weakest part of the whole setup",
                                  "My wifi password is too weak"])
def test_a_remark_judging_a_credential_is_not_refused_as_one(store, text):
    assert not [s for s in said(store, text)["memory_skipped"] if s["reason"].startswith("secret")]
