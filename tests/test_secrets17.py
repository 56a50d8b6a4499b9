"""Secrets and look-alikes from helper s40's own probes (/work/tmp/s40/secrets/probe*.jsonl, written before any
rule was changed), en + zh, found by structure:

- a user name is not a password: the value right after a user-name cue ("account is", "账号是", "用户名",
  "Apple ID", "邮箱") and any e-mail address are names, not typed secrets; the value after a user name and a
  comma or slash is the password ("用户名admin，hunter2-XY", "登录名 ops / Lv-Cha7x");
- a number after a zh number word and its link ("门牌号是 2580", "型号是 SD-2045") says which, not what opens;
- a code punched in to get into a place ("you punch in 2580 to get into the building");
- a short hex secret after "secret / token / 密钥" and a few words ("JWT secret I put in the config: a8f3…");
- a zh secret's name, then who set it and its link ("口令我定的是 天王盖地虎", "密码我设的是 …");
- a check-in, guard or login code; a recovery key named, then given alone in the next sentence;
- a PascalCase "SecretKey" glued to its name, a few words before its value.
"""

from __future__ import annotations

import pytest

from langmem_nodes.safety import find_secrets
from tests._said import assert_no_trace, secret_refusals

FOUND = {  # text -> the value that must be found
    "to get into the building you punch in 2580 then the bell": "2580",
    "for the side door you key in 7731 and push hard": "7731",
    "JWT secret I put in the config: a8f3e1c9b7d2f0": "a8f3e1c9b7d2f0",
    "the session token we got back was 9c4e2b7a1f3d, is it expired?": "9c4e2b7a1f3d",
    "JWT 的密钥我写的是 a8f3e1c9b7d2": "a8f3e1c9b7d2",
    "webhook 的 secret 我填的是 7f3a9c2e1b4d": "7f3a9c2e1b4d",
    "口令我定的是 天王盖地虎": "天王盖地虎",
    "密码我设的是 qingshan88": "qingshan88",
    "支付密码我们当时定的是 双喜临门": "双喜临门",
    "Airbnb check-in code: 5521": "5521",
    "the check-in code for the cabin is 8804": "8804",
    "Steam Guard code was KX7P2, it expires soon": "KX7P2",
    "can you hold onto my recovery key? 4F7A-9C2E-1B3D-8E6F": "4F7A-9C2E-1B3D-8E6F",
    "my BitLocker backup key. 3B9D-77AC-01FE-C4D2": "3B9D-77AC-01FE-C4D2",
    "云服务器的 SecretKey 我贴在这 9fK2mQ7xLpA3": "9fK2mQ7xLpA3",
    "the AccessKey from the console is here: Zq8Lm2Kx9PwT": "Zq8Lm2Kx9PwT",
    "staging数据库：用户名admin，hunter2-XY": "hunter2-XY",
    "测试库 账号 root，Qa8#xy12": "Qa8#xy12",
    "jenkins 用户名是 ops / Lv-Cha7x": "Lv-Cha7x",
    "the grafana user is viewer, Sl8te-Roof": "Sl8te-Roof",
    "prod box: username deploy, D3ploy!now": "D3ploy!now",
    # a second batch (probe4.jsonl): banking, a file locked with a code, a texted code, an admin in zh
    "the thing for the bank app is 771203": "771203",
    "for online banking I use Qx-Marble-77": "Qx-Marble-77",
    "银行 App 那串数字 771203": "771203",
    "text code: 448213": "448213",
    "the SMS code they sent is 660912": "660912",
    "the pdf is locked with 19880412": "19880412",
    "the spreadsheet is protected with 5530": "5530",
    "the parental control code on the TV is 1357": "1357",
    "NAS 管理员 → Kestrel-Blue-1990": "Kestrel-Blue-1990",
    "把这个记下来：Kestrel-Blue-1990（NAS 管理员的）": "Kestrel-Blue-1990",
}

LOOKALIKES = [
    "my email is wang88@163.com",
    "I sign in to the VPN with my work email ada9@corp.io",
    "my steam account is gamer_77, add me",
    "my login is jdoe42, the password is in Bitwarden",
    "my username for the forum is river_otter_88",
    "我的邮箱是 zhangwei1988@qq.com",
    "登录账号是 zhangsan88，密码在 1Password 里",
    "我的 GitHub 账号是 river-otter-88",
    "我家门牌号是 2580",
    "单元门的门牌号是 1208，在二楼",
    "保险箱型号是 SD-2045",
    "the safe's model number is SD-2045",
    "staging数据库用户名是admin",
    "the secret to good bread is patience",
    "token 用完了，明天再说",
    "the build token count was 1200 yesterday",
    "口令我还没想好",
    "密码我设的是什么来着",
    "the check-in desk opens at 1400",
    "the recovery key is printed on a card in the drawer",
    "the text code for 20% off is SAVE2024",
    "the file is encrypted with AES256",
    "my bank is Chase and the branch is 0417",
    "the bank app version is 7.7.1",
    "后台管理员是张伟",
    "银行客服电话是 95588",
    "订单号那串数字 20240417001 帮我查一下",
]


@pytest.mark.parametrize("text", list(FOUND))
def test_a_secret_is_found(text) -> None:
    values = [f.value for f in find_secrets(text)]
    assert any(FOUND[text] in v for v in values), values


@pytest.mark.parametrize("text", LOOKALIKES)
def test_a_look_alike_holds_no_secret(text) -> None:
    assert [f.value for f in find_secrets(text)] == []


END_TO_END = {  # a turn -> the value no byte of the home may hold
    "staging数据库：用户名admin，hunter2-XY": "hunter2-XY",
    "I like tea. to get into the building you punch in 2580 then the bell": "2580",
    "我住在杭州。口令我定的是 天王盖地虎": "天王盖地虎",
    "JWT secret I put in the config: a8f3e1c9b7d2f0": "a8f3e1c9b7d2f0",
}


@pytest.mark.parametrize("text", list(END_TO_END))
def test_the_home_holds_no_trace(tmp_path, fake_embedder, text) -> None:
    assert_no_trace(tmp_path / "home", fake_embedder, text, END_TO_END[text])


@pytest.mark.parametrize("text", [
    "my email is wang88@163.com",
    "我家门牌号是 2580",
    "我的 GitHub 账号是 river-otter-88",
])
def test_a_look_alike_is_not_refused(tmp_path, fake_embedder, text) -> None:
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path / "home", embedder=fake_embedder) as store:
        assert secret_refusals(store, text) == []
