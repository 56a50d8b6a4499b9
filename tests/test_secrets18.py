"""Secrets and look-alikes from helper s41's own probes (/work/tmp/s41/secrets/mine*.jsonl, written before any rule
was changed), en + zh:

- a thing's "pass" and a password-shaped value right after it ("VPN pass Drift-Harbor-29"), not a ticket or a verb;
- a key named for what it lets in, set to a value ("webhook key=693a…", a UUID-shaped key), not a cache key;
- a value spelled with letters and digits, then what it opens ("It's B-R-A-V-O-7-7 for the guest network");
- a key for an encrypted thing with a password-shaped value a few words on ("Key for the … drive: Tortoise-Lamp-Ridge-4");
- an auth code, a voicemail code, a garage opener, a zh dial with spaced turns ("左转 3 圈到 25"), a safe "I set it to …" after a colon;
- a question naming a secret, answered by "I think I set it to …"; a reply reported ("I told her it's …");
- a capitalised word and a number after a link in a sentence pointing back ("oh it's just Mochi99");
- a padlock's three digits; a file locked with a value; a dial with spaced dashes ("the safe is 19 - 7 - 33");
- a year after a preposition ("the PIN for my old phone from 2015", "保险箱是 2019 年买的") and a dummy judged
  ("password123 is a terrible password") are no values;
- a serial number, a key's fingerprint and a publishable key are not secrets;
- a product a few words after a secret's name is not its value ("my password doesn't work on Android12");
- a zh number word right before a value says which ("会议号 582 331 907", "门禁卡号是 …"), and zh words asked
  about after 口令是 ("…暗号吗？") are no pass phrase.
"""

from __future__ import annotations

import pytest

from langmem_nodes.safety import find_secrets
from tests._said import assert_no_trace, secret_refusals

FOUND = {  # text -> the value that must be found
    # failed before this change
    "VPN user mkoh, VPN pass Drift-Harbor-29": "Drift-Harbor-29",
    "nas: root pass Tulip=Frame44, keep it": "Tulip=Frame44",
    "企业微信机器人 webhook key=693a91f3-4c2e-4b6f-9d1a-8e5f2c7b0a11，发消息老失败": "693a91f3-4c2e-4b6f-9d1a-8e5f2c7b0a11",
    "the bot key: 4b1e77c2-9a0d-4c5f-8e21-6f3d9b2a7c10 for the notifier": "4b1e77c2-9a0d-4c5f-8e21-6f3d9b2a7c10",
    "It's B-R-A-V-O-7-7 for the guest network": "B-R-A-V-O-7-7",
    "my garage opener is 4-9-1-7": "4-9-1-7",
    "my voicemail code is 31 90": "31 90",
    "hotel room safe: I set it to 1 9 8 8": "1 9 8 8",
    "What's the PIN for the debit card? I think I set it to 2 0 0 8": "2 0 0 8",
    "Mom asked what the wifi password is. I told her it's Heron_Pond_62.": "Heron_Pond_62",
    "the password? oh it's just my cat's name plus 99, so Mochi99": "Mochi99",
    "保险柜密码是多少来着？我记得是 4 4 0 9": "4 4 0 9",
    "Key for the encrypted backup drive: Tortoise-Lamp-Ridge-4": "Tortoise-Lamp-Ridge-4",
    "auth code from the bank was 558 214": "558 214",
    "家里保险箱：左转 3 圈到 25，右转到 10，左转到 40": "25",
    "Padlock on the bike shed: 4 7 1": "4 7 1",
    "I locked the zip file with Velvet_Owl_55, remind me later": "Velvet_Owl_55",
    "ok so the safe is 19 - 7 - 33": "19 - 7 - 33",
    # found before, kept
    "the camera admin pass Wren_Stone_31 in case the app logs me out": "Wren_Stone_31",
    "飞书机器人的 key 是 5c0e9a12-77b3-4f08-a1d6-2e9c4b8f3d05，帮我看看为啥推不出去": "5c0e9a12-77b3-4f08-a1d6-2e9c4b8f3d05",
    "the lockbox at the rental: 2 8 0 4": "2 8 0 4",
    "postgresql://app_user:Vq7!mN2zLp@db.internal:5432/orders keeps timing out": "Vq7!mN2zLp",
    "Server=tcp:acme.database.windows.net;User ID=sa;Password=Gz8#tR4qWm;Database=crm": "Gz8#tR4qWm",
    "jdbc:mysql://db.local:3306/shop?user=shop&password=Mx!44rPq&useSSL=false": "Mx!44rPq",
    "[database]\nuser = svc\npass = Tern@Quay81": "Tern@Quay81",
    "Not 7781 — the storage unit code is 7718.": "7718",
    "log into the router with admin / Kelp*Harbor3": "Kelp*Harbor3",
    "公司门禁密码 8 6 3 1 #": "8 6 3 1",
    "网银U盾的口令 Ws#20240618": "Ws#20240618",
    "你问我的银行卡密码？是 660213": "660213",
    "服务器：47.100.3.9，用户 ubuntu，密码 Tz9-kL2-mQ7": "Tz9-kL2-mQ7",
    "保险柜的开锁码：三七九二": "三七九二",
    "会议号 582 331 907，密码 6612": "6612",
    "口令是“青山不改”，下次开会验证身份用": "青山不改",
    "用户名：lihua，口令：Lh@2026": "Lh@2026",
}

LOOKALIKES = [
    # refused before this change
    "会议号 582 331 907，密码稍后发群里",
    "门禁卡号是 0012345678，物业要登记",
    "口令是公司年会时大家要对的那种暗号吗？",
    # held no secret before, kept
    "I pass Exit-42B on the way to work",
    "my password doesn't work on Android12",
    "I usually pass --retries=3 to pytest",
    "the auth code grant returns 400 errors",
    "Our team pass CI-Build-42 every night",
    "the serial number on my laptop is C02XK1JHJG5H",
    "the public key fingerprint is SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8",
    "the Stripe publishable key is pk_live_51HxAbCdEfGh on the frontend, that's fine right?",
    "my padlock is in room 3 1 2",
    "the padlock on the shed is 100 years old",
    "the safe is 3 - 4 - 2024",
    "I locked the door with the key at 10 pm",
    "I forgot the PIN for my old phone from 2015",
    "password123 is a terrible password, right?",
    "保险箱是 2019 年买的，型号 BGX-5/D1-45",
    "the webhook key: payment_succeeded",
    "What's the PIN for? I think I set it to vibrate",
    "the license plate is spelled K-L-M-1-9 on the car",
    "会议号码 8812 4421，密码我晚点发",
    "the key thing about the encrypted drive is speed",
    "the secret ingredient is smoked paprika",
    "my bus pass expires on 12/31",
    "my employee number is 448213 and I start Monday",
    "my boarding pass says Gate-B12x",
    "the cache key=user_42_profile_v2",
    "request id 7c9e6679-7425-40de-944b-e07fc1f97ae6 failed again, can you read the log?",
    "the UUID of the VM is 550e8400-e29b-41d4-a716-446655440000",
    "the build hash is 9f8e7d6c5b4a39281706f5e4d3c2b1a0",
    "my PIN was reset by the bank yesterday",
    "my new PIN has to be 6 digits now",
    "my sister's number is 07700 900461, remember it please",
    "the door code changed last week so I need to ask the landlord",
    "the gate is B12 at terminal 5",
    "my house number is 1742",
    "What's a good PIN for a kid's tablet? I think parents use birthdays",
    "my name is spelled K-A-T-H-R-Y-N",
    "密码至少要12位，还要有大小写和符号",
    "帮我记下王老师的手机号 139 1234 5678",
    "请求ID是 3fa85f64-5717-4562-b3fc-2c963f66afa6，帮我查下日志",
    "这个文件的 SHA1 是 2fd4e1c67a2d28fced849ee1bb76e7391b93eb12",
    "我的PIN码被银行锁了，要去柜台解锁",
    "门禁系统下周升级，到时候要重新录指纹",
    "PIN码设置要求：6位数字，不能连续",
]


@pytest.mark.parametrize("text", list(FOUND))
def test_a_secret_is_found(text) -> None:
    values = [f.value for f in find_secrets(text)]
    assert any(FOUND[text] in v for v in values), values


@pytest.mark.parametrize("text", LOOKALIKES)
def test_a_look_alike_holds_no_secret(text) -> None:
    assert [f.value for f in find_secrets(text)] == []


END_TO_END = {  # a turn -> the value no byte of the home may hold
    "I live in Leeds. VPN user mkoh, VPN pass Drift-Harbor-29": "Drift-Harbor-29",
    "我在杭州上班。企业微信机器人 webhook key=693a91f3-4c2e-4b6f-9d1a-8e5f2c7b0a11": "693a91f3-4c2e-4b6f-9d1a-8e5f2c7b0a11",
    "I like tea. the password? oh it's just my cat's name plus 99, so Mochi99": "Mochi99",
}


@pytest.mark.parametrize("text", list(END_TO_END))
def test_the_home_holds_no_trace(tmp_path, fake_embedder, text) -> None:
    assert_no_trace(tmp_path / "home", fake_embedder, text, END_TO_END[text])


@pytest.mark.parametrize("text", ["会议号 582 331 907，密码稍后发群里", "口令是公司年会时大家要对的那种暗号吗？"])
def test_a_look_alike_is_not_refused(tmp_path, fake_embedder, text) -> None:
    from langmem_nodes.store import MemoryStore

    with MemoryStore(tmp_path / "home", embedder=fake_embedder) as store:
        assert secret_refusals(store, text) == []
