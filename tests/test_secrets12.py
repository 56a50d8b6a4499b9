"""Secrets in phrasings the rules missed (helper s34's own sets, /work/tmp/s34/secrets_own*.jsonl), found by
structure, en + zh: a bank's memorable word / 暗语; a keypad named with a possessive place ("grandma's gate") or
键盘; a code after "is #"; an account id, a slash and a typed value; a value one uses for a network; a code
sent by text to confirm; a bank's name before its account's digits; "the code to get into …"; an opener
then its code pointed at ("the alarm, it's 2 5 8 0", "警报器，就是 2 5 8 0"); locks and codes named by what
they do (童锁, 家长锁, 解绑码, 分享码). Their look-alikes stay harmless, and a turn holding one leaves no
byte of the value, nor of the redacted turn, in the home."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_nodes.records import MemoryContext
from langmem_nodes.safety import find_pii, find_secrets
from langmem_nodes.write import create_write_graph
from tests._said import assert_no_trace

FOUND = {  # text -> the value that must be found (as a secret or an identifier)
    "mum's online banking memorable word is marmalade, she asked me to write it down": "marmalade",
    "网银的登录暗语是 marmalade": "marmalade",
    "the keypad at grandma's gate: 1 9 8 4 then enter": "1 9 8 4",
    "院子键盘：7319，按完等两秒": "7319",
    "the building's intercom code is #4412, give it to the movers": "4412",
    "楼下对讲门的码是 #4412，给搬家师傅": "4412",
    "my apple id: jess.t@icloud.com / Harbour77lights": "Harbour77lights",
    "我的苹果ID：jess.t@icloud.com / Harbour77lights": "Harbour77lights",
    "we use oceanbreeze77 for the guest network, add it to the welcome sheet": "oceanbreeze77",
    "访客网络大家都用 oceanbreeze77": "oceanbreeze77",
    "got 403921 from my bank by sms to confirm a payment I didn't make, what now": "403921",
    "银行发短信 403921 让我确认一笔我没做的付款": "403921",
    "wire the deposit to Chase Bank 4402 9918 3372 5521": "4402 9918 3372 5521",
    "pay the deposit into account 4402 9918 3372": "4402 9918 3372",
    "给房东转账：建设银行 6217 0033 1234 5678 901，户名王磊": "6217 0033 1234 5678 901",
    "the code to get into the staff room is 1-9-7-3": "1-9-7-3",
    "quick one - if anyone asks for the alarm, it's 2 5 8 0": "2 5 8 0",
    "the hotel safe, I set it to 5 2 8 1": "5 2 8 1",
    "the lockbox, it's 0 4 1 7": "0 4 1 7",
    "家里的警报器，就是 2 5 8 0": "2 5 8 0",
    "电视的童锁设成了 7777，防止孩子乱买东西": "7777",
    "家长锁设的 4455": "4455",
    "小孩的电话手表解绑码是 9031 2277": "9031 2277",
    "阿里云盘分享码 7xq2，链接发你了": "7xq2",
    # a hex key after "key" / "auth"; an address, a comma and its login; a pin named with a comma; a manager's
    # master; "wifi … = X"; a code punched in at an opener; pieces before a full stop; a number whose doubt comes
    # after it; "…PIN? I changed it to …"; a dummy-looking value in a handover doc; a security answer's first link
    "openweather key 8c2f4e1a9b3d7065f1e2a8c4b9d03f76 returns 401": "8c2f4e1a9b3d7065f1e2a8c4b9d03f76",
    "和风天气的 key 8c2f4e1a9b3d7065f1e2a8c4b9d03f76 返回 401": "8c2f4e1a9b3d7065f1e2a8c4b9d03f76",
    "here's the twilio sid AC1234 and auth 5e8f1c2a9d7b3046e1f8a2c5b9d4e7f0": "5e8f1c2a9d7b3046e1f8a2c5b9d4e7f0",
    "twilio 的 sid AC1234，auth 5e8f1c2a9d7b3046e1f8a2c5b9d4e7f0": "5e8f1c2a9d7b3046e1f8a2c5b9d4e7f0",
    "sister's hulu: amy.r@gmail.com, hulu4amy!": "hulu4amy",
    "我妹的优酷：amy_r@163.com，youku4amy!": "youku4amy",
    "can you remember my library pin, 2206": "2206",
    "图书馆借书的 PIN，2206": "2206",
    "bitwarden master: Pumpkin Harbor Violet 77": "Pumpkin Harbor Violet 77",
    "store this: wifi at the cabin = PineCone2020!": "PineCone2020",
    "If the alarm goes off when you get there, just punch in 2580 and hit OFF.": "2580",
    "警报响了就输入 2580 再按 OFF": "2580",
    "The alarm code is 8 2 0 5. Write a note for the sitter.": "8 2 0 5",
    "警报器的码是 8 2 0 5。帮我写个说明": "8 2 0 5",
    "my debit card 6222 0212 3456 7890 123 won't link, is the number wrong?": "6222 0212 3456 7890 123",
    "银行卡 6222 0212 3456 7890 123 绑定微信一直失败，是不是卡号位数不对": "6222 0212 3456 7890 123",
    "The bank PIN? I changed it to 0917 (my birthday, I know)": "0917",
    "银行卡密码？我改成 0917 了": "0917",
    "the office time clock admin password is admin888, write me a handover doc": "admin888",
    "公司打卡机管理员密码 admin888，帮我写个交接文档。": "admin888",
    "密保问题“你小学的名字”我填的是 实验二小，现在想不起来当时写的是全称还是简称": "实验二小",
    # the value first, then what it is; a shed or 车棚 and its code; "uses X for every account"; "garage is …"; 撤防
    "7731 — that's the code for the bike shed, in case you need it": "7731",
    "7731是车棚的密码，你要用就用": "7731",  # zh already had this structure (_ZH_VALUE_FIRST)
    "for the shed: 7 7 3 1": "7 7 3 1",
    "车棚：7 7 3 1": "7 7 3 1",
    'she uses "Marigold1987" for basically every account': "Marigold1987",
    "她所有账号都用 Marigold1987": "Marigold1987",  # zh already held
    "garage is 4 4 1 9, front door is the same plus #": "4 4 1 9",
    "车库 4 4 1 9，前门一样再加 #": "4 4 1 9",  # zh already held
    "撤防：5-5-1-2 再按关闭": "5-5-1-2",
    "to disarm, 5-5-1-2 then off": "5-5-1-2",  # en already held
    # the password word misspelled; a dial said in turns after its cue; a PIN in number words; a 2FA setup key;
    # a quoted question and its answer
    "psswd: Kitten_Mittens7": "Kitten_Mittens7",
    "my passwrd is sunshine4ever": "sunshine4ever",
    "我的 passwrd 是 sunshine4ever": "sunshine4ever",
    "the safe combo? right 22, left 8, right 41": "right 22, left 8, right 41",
    "保险柜组合？右 22 左 8 右 41": "右 22 左 8 右 41",
    "grandpa's bank card pin is nineteen fifty two": "nineteen fifty two",
    "爷爷的银行卡密码是一九五二": "一九五二",  # zh already held
    "my 2fa app got wiped; the setup key was JBSWY3DPEHPK3PXP": "JBSWY3DPEHPK3PXP",
    "2FA 的设置密钥是 JBSWY3DPEHPK3PXP": "JBSWY3DPEHPK3PXP",  # zh already held
    "“你出生的城市”答案填的 第比利斯": "第比利斯",
    'answer to "city you were born in" is Tbilisi': "Tbilisi",  # en already held
}

LOOKALIKES = [
    "email me at ana@example.com / 555-0100",
    "my user id is u_48213 / team eng-platform",
    "use WPA3 for the home network",
    "we use channel 11 for the guest network",
    "my bank texted me to confirm the 2500 transfer",
    "a text from 95588 asked me to confirm my address",
    "I got a text saying my package 48213 is delayed, is that a scam",
    "the code review for PR #5821 is taking forever",
    "the alarm, it's 6:45 now",
    "the code to get into the course is on the syllabus",
    "the Bank of England raised rates 0.25% in 2023",
    "what's a good memorable word for a bank that I won't forget",
    "收到银行短信，说我尾号 1234 的卡消费了 500 元，让我确认",
    "收到短信说我的快递 48213 延误了，是诈骗吗",
    "我在招商银行 2024 年开的户",
    "键盘坏了，7 和 4 按不动",
    "我的键盘是 K380，好用吗",
    "童锁是什么意思",
    "分享码在哪里看",
    "报警器，我 2019 年装的",
    "2580 是不是最常见的手机密码？听说的",
    "登录页面写着“用户名 / 密码”，按钮是灰的",
    "ERROR 1045 (28000): Access denied for user 'root'@'localhost' (using password: YES)",
    "ERROR 1045 (28000): Access denied for user 'root'@'localhost' (using password: YES) 怎么办",
    "the router admin page is 192.168.1.1, it won't load",
    "路由器管理页面 192.168.1.1 打不开",
    "the cache key 8c2f4e1a9b3d7065f1e2a8c4b9d03f76 is stale",
    "auth fails since commit 5e8f1c2a9d7b3046e1f8a2c5b9d4e7f0",
    "the ssh key fingerprint is 8c2f4e1a9b3d7065f1e2a8c4b9d03f76",
    "email ana@example.com, ext 4471",
    "联系邮箱 ana@example.com，电话 555-0100",
    "the gate at the park opens at 0800, type in your name",
    "PIN，就是个人识别码吗",
    "token，3 个月过期",
    "My account is @jess_t_99 on instagram, follow me",  # a handle, not a password
    "我的 ins 账号 @jess_t_99，关注一下",
    "my student number is on the back of the card: 20451187",  # the number named before it
    "学号在卡背面：20451187，补办要用吗",
    "验证码 60 秒后才能重发",  # a wait, not a code
    "my verification code, 60 seconds and still nothing",
    "2024 is the year I changed my password",
    "1234 is the most common pin",
    "the garage is 1200 sq ft",
    "the shed is 3 metres wide",
    "车库有 2 个车位",
    "my password is twenty characters long",  # a length in words
    "密码要二十个字符",
    "turn right 2 blocks, left 3, right 1 to reach the station",
    "左转 3 个路口，右转 2 个，再左转 1 个",
    "“最喜欢的颜色”的答案我记不清了",
    "the setup key page is blank",
    "I bypass passwd checks in tests",
]


@pytest.mark.parametrize("text", list(FOUND))
def test_a_secret_framed_by_its_structure_is_found(text) -> None:
    values = [f.value for f in (*find_secrets(text), *find_pii(text))]
    assert any(FOUND[text] in v for v in values), values


@pytest.mark.parametrize("text", LOOKALIKES)
def test_its_look_alikes_hold_no_secret(text) -> None:
    assert [f.value for f in find_secrets(text)] == [] and [f.value for f in find_pii(text)] == []


END_TO_END = {  # a turn -> the value no byte of the home may hold
    "mum's online banking memorable word is marmalade, she asked me to write it down": "marmalade",
    "我的苹果ID：jess.t@icloud.com / Harbour77lights": "Harbour77lights",
    "I prefer green tea. we use oceanbreeze77 for the guest network, add it to the welcome sheet": "oceanbreeze77",
    "我喜欢喝乌龙茶。访客网络大家都用 oceanbreeze77": "oceanbreeze77",
    "got 403921 from my bank by sms to confirm a payment I didn't make, what now": "403921",
    "给房东转账：建设银行 6217 0033 1234 5678 901，户名王磊": "6217 0033 1234 5678 901",
    "the keypad at grandma's gate: 1 9 8 4 then enter": "1 9 8 4",
    "小孩的电话手表解绑码是 9031 2277": "9031 2277",
    "the building's intercom code is #4412, give it to the movers": "#4412",
    "电视的童锁设成了 7777，防止孩子乱买东西": "7777",
    "sister's hulu: amy.r@gmail.com, hulu4amy!": "hulu4amy",
    "公司打卡机管理员密码 admin888，帮我写个交接文档。": "admin888",
}


@pytest.mark.parametrize("text", list(END_TO_END))
def test_the_home_holds_neither_the_value_nor_the_redacted_turn(tmp_path, fake_embedder, text) -> None:
    assert_no_trace(tmp_path / "home", fake_embedder, text, END_TO_END[text])


def test_the_other_sentence_of_such_a_turn_is_still_stored(store) -> None:
    graph = create_write_graph(store).compile()
    for text, kept in (("I prefer green tea. we use oceanbreeze77 for the guest network", "green tea"),
                       ("我喜欢喝乌龙茶。访客网络大家都用 oceanbreeze77", "乌龙茶")):
        out = graph.invoke({"messages": [HumanMessage(text)]}, context=MemoryContext(user_id="ada", session_id="s1"))
        assert [w["object"] for w in out["memory_written"]] == [kept]


# stop 34, from secrets_blind8's tune half: a named security question's answer, a SIM PUK; placeholders
LEAD_FOUND = {
    "for the 'mother's maiden name' question I put Kowalczyk, in case I forget": "Kowalczyk",
    "for the first pet question I used Biscuit": "Biscuit",
    "the carrier just told me the SIM PUK is 61839204, how many tries do I get": "61839204",
    "运营商说SIM卡的PUK码是61839204": "61839204",
    "我的密码是你的生日0312": "0312",
}
LEAD_LOOKALIKES = [
    "for question 3 I put B", "for the maiden name question I put it off", "what is a PUK code used for?",
    "PUK码是干嘛用的？", "the readme just says API_KEY=your-api-key-here, where do I actually get mine",
    "README 里写 API_KEY=你的key，这里到底填啥",
]


@pytest.mark.parametrize("text, value", list(LEAD_FOUND.items()))
def test_a_named_security_answer_a_puk_and_a_dictated_password_are_found(text, value) -> None:
    assert any(value in f.value for f in find_secrets(text)), find_secrets(text)


@pytest.mark.parametrize("text", LEAD_LOOKALIKES)
def test_quiz_answers_puk_questions_and_placeholders_are_no_secret(text) -> None:
    assert find_secrets(text) == [], find_secrets(text)
