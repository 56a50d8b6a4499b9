"""Secrets helper s39's own cases (written before the fix, en + zh; not the blind sets' sentences), by structure:

- a value with a note on how it is typed ("all lowercase", "capital P", "no spaces", "全小写", "大写D") after a secret's
  or a network's name, in its sentence or the two before it (`safety.noted`), and a network said to be a quoted value
  ("the wifi at grandma's is 'bluebell'");
- a correction whose value sits in a later clause than the secret's name ("the PIN I gave you was wrong, the right
  one is 7391", "刚才的PIN不对，正确的是 …"), "PIN" glued to Chinese text read as the noun;
- a code alone as its own sentence after one naming the secret, asked or not, a short remark between or not ("my
  bank PIN for me? 8163.", "支付密码。六位数。773019。");
- what opens said as a doorbell's or a tablet's code, a locker that "opens with" its code, a PIN before an arrow
  ("bank app PIN → 2 0 4 6"), an Amex card's CID, keys pressed around a code ("star 1 2 3 4 pound"), a parcel's pickup code shaped like a date ("取件码 3-2-1908"), a combination's numbers in a list ("combination — 14, 32, 7", "保险柜的组合是 12、40、7");
- zh: a credential word followed by a period or a length ("API密钥每90天要轮换一次", "密钥长度要 256 位") holds no value.

Look-alikes: a note on a name ("my username is 'riverbend' all lowercase"), a network called something, "pin" the zh
verb ("pin一下"), corrections of rooms, buses and flights, a code's length or expiry.
"""

from __future__ import annotations

import logging

import pytest

from langmem_nodes.safety import find_pii, find_secrets
from tests._said import assert_no_trace, secret_refusals

FOUND = {  # text -> the value that must be found
    # a note on how it is typed, a network said to be a quoted value
    "The wifi at grandma's is 'bluebell' all lowercase": "bluebell",
    'the hotspot at the studio is "tangerine", no caps': "tangerine",
    "wifi at the lake house is 'otterpond' all one word": "otterpond",
    "The guest Wi-Fi is called BeachNet and it's 'saltwater' in lowercase": "saltwater",
    "the router at mum's is 'Marigold' with a capital M": "Marigold",
    "the wifi in the garden office is \"SunnyDays\", capital S and D": "SunnyDays",
    "The passphrase: bluemoon. Two words joined, no space.": "bluemoon",
    "The code word. It's Pelican. Capital P.": "Pelican",
    "家里的wifi是 'xiaoyu' 全小写": "xiaoyu",
    "公司wifi是“huanying”，全部小写": "huanying",
    "密码就是 qingcheng，全小写，没有空格": "qingcheng",
    "口令。是 Dahai。大写D。": "Dahai",
    "wifi密码就是 'baozi' 没有空格": "baozi",
    # corrections, the value in a later clause
    "correction: the PIN I gave you was wrong, the right one is 7391": "7391",
    "sorry, the alarm code I told you earlier was wrong — it's actually 5820": "5820",
    "wait, I mixed up the safe code, the correct one is 1 9 7 3": "1 9 7 3",
    "my bad, that gate code was old; the new one is 4402": "4402",
    "更正：刚才说的门禁密码不对，正确的是 5731": "5731",
    "纠正一下，刚才给你的口令不对，应该是 7788": "7788",
    "刚才的支付密码说错了，是 302418 才对": "302418",
    "我刚才的PIN打错了，对的是 6 0 4 1": "6 0 4 1",
    "上次说的银行卡PIN不对，正确的是 815527": "815527",
    # the value in its own sentence after the secret's name
    "Can you hold on to my bank PIN for me? 8163.": "8163",
    "Saving my door code here. 4 7 7 1": "4 7 7 1",
    "I need to remember my gym locker PIN. It is 6 2 4 8.": "6 2 4 8",
    "帮我记一下门禁。是 0 6 1 9": "0 6 1 9",
    "能帮我记住信用卡PIN吗？907316": "907316",
    "支付密码。六位数。773019。": "773019",
    "The PIN. Four digits. 7730.": "7730",
    # what opens it
    "my ring doorbell's admin code is 3 3 1 9": "3 3 1 9",
    "the alarm master code is 7 0 7 0": "7 0 7 0",
    "My locker at the pool opens with 5 5 2 1": "5 5 2 1",
    "Note to self: bank app PIN → 2 0 4 6": "2 0 4 6",
    "the locker combination — 14, 32, 7": "14, 32, 7",
    "my sister's iPad code? 5 8 0 0": "5 8 0 0",
    "保险柜的组合是 12、40、7": "12、40、7",
    "the cabin wifi: moosetracks (all lowercase)": "moosetracks",
    "The wifi at the office is 'Bramble77' lowercase b": "Bramble77",
    "The Wi-Fi at my parents' is 'hummingbird'": "hummingbird",
    "The voicemail pin for my work phone is 0 0 7 1": "0 0 7 1",
    "取件码 3-2-1908，快递在菜鸟驿站": "3-2-1908",
    "the pickup code is 5-1-2024": "5-1-2024",
    "my Amex CID is 1123": "1123",
    "door code is star 1 2 3 4 pound": "1 2 3 4",
    # forms that already held (kept so they stay held)
    "短信验证码 604219，五分钟内有效": "604219",
    "腾讯云 SecretKey 是 tK8pQ2wZr5Yv9Lm3Nc7Bx1Hd": "tK8pQ2wZr5Yv9Lm3Nc7Bx1Hd",
    "staging db: mongodb+srv://admin:Tr1cky-Pass@cluster0.x1.mongodb.net/app": "Tr1cky-Pass",
    "Server=db1;Database=crm;User Id=sa;Password=S3cure!Crm;": "S3cure!Crm",
    "the wifi password spelled out: t-i-g-e-r-l-i-l-y-9": "t-i-g-e-r-l-i-l-y-9",
    "银行卡密码是 六三八二九一": "六三八二九一",
    "WiFi：Home_5G，密码 jiayou2024": "jiayou2024",
}

LOOKALIKES = [
    "The wifi at the cabin is slow in the evenings",
    "The Wi-Fi network at the office is called 'eduroam', the same as at university",
    "the wifi name is 'CabinNet', all one word",
    "my wifi is slow, all lowercase letters look blurry on the router screen",
    "the project name is 'moonshot' all lowercase",
    "my username is 'riverbend' all lowercase",
    "the project's codename is 'Falcon', capital F",
    "my cat is called 'Miso', all lowercase on the tag",
    "家里的wifi是电信的，全部光纤",
    "I changed my PIN because the old one was wrong",
    "correction: the meeting is at room 4402, not 4420",
    "sorry, the bus number is 73, not 37",
    "更正一下，会议在 3 楼，不是 5 楼",
    "说错了，我的航班是 CA1234 不是 CA1243",
    "更正一下，正确的是周三开会",
    "公司规定密钥每90天要轮换一次",
    "密码每 180 天必须修改一次",
    "密钥长度要 256 位",
    "the 2FA code expires in 30 seconds",
    "The PIN must be 6 digits long",
    "帮我把这条消息pin一下",
    "我把群公告 pin 住了",
    "PIN码忘了怎么办",
    "The PIN pad at the shop was broken",
    "a PIN is usually 4 digits. 1234 is the most common one.",
    "the gate code policy changed. 3 attempts max.",
    "What's a good length for a PIN? 6.",
    "the shop opens with 3 staff on weekdays",
    "my laptop code is 300 lines long",
    "the combination of 3, 4 and 5 works",
    "my iPad is 128 GB",
    "这个组合是 1、2、3 号",
    "the wifi at the cabin is 'spotty' at best",
    "the wifi at the hotel was 'free', they said, but it wasn't",
    "the PIN on the GPIO header is 17",
    "I prefer small b batteries",
    "我 3-2-2019 那天改的密码",
    "I forgot my PIN. Ugh. 2024 has been rough.",
    "the door code costs 4 4 7 1 pounds",
    "my case CID is 1123",
    "密码是 3、5、7 位的组合",
]


@pytest.mark.parametrize("text", list(FOUND))
def test_the_value_is_found(text) -> None:
    values = [f.value for f in [*find_secrets(text), *find_pii(text)]]
    assert any(FOUND[text] in v or (v in FOUND[text] and len(v) >= 3) for v in values), values


@pytest.mark.parametrize("text", LOOKALIKES)
def test_a_look_alike_holds_no_secret(text) -> None:
    assert [f.value for f in find_secrets(text)] == []


END_TO_END = {  # a turn -> the value no byte of the home, the ledger, the state or the log may hold
    "I live in Leeds. The wifi at grandma's is 'bluebell' all lowercase": "bluebell",
    "我住在成都。口令。是 Dahai。大写D。": "Dahai",
    "correction: the PIN I gave you was wrong, the right one is 739184": "739184",
    "更正一下，刚才的PIN不对，正确的是 815527": "815527",
    "I like jazz. Can you hold on to my bank PIN for me? 816349.": "816349",
    "公司wifi是“huanying”，全部小写": "huanying",
}


@pytest.mark.parametrize("text", list(END_TO_END))
def test_the_home_ledger_state_and_log_hold_no_trace(tmp_path, fake_embedder, caplog, text) -> None:
    caplog.set_level(logging.DEBUG)
    assert_no_trace(tmp_path / "home", fake_embedder, text, END_TO_END[text])
    assert END_TO_END[text] not in caplog.text


@pytest.mark.parametrize("text", [
    "my username is 'riverbend' all lowercase",
    "更正一下，会议在 3 楼，不是 5 楼",
    "公司规定密钥每90天要轮换一次",
    "帮我把这条消息pin一下",
])
def test_a_look_alike_is_not_refused_as_a_secret(tmp_path, fake_embedder, text) -> None:
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path / "home", embedder=fake_embedder) as store:
        assert secret_refusals(store, text) == []
