"""Is a name a place? A small gazetteer (countries, regions, large cities; en + zh) that tells "I moved to
Berlin" (where the user lives) from "I moved to Helix" (a tool they switched to).

Example:
    >>> is_place("Berlin"), is_place("the Bay Area"), is_place("Austin, TX"), is_place("Helix"), is_place("成都")
    (True, True, True, False, True)
    >>> is_place("绍兴"), is_place("温州市"), is_place("余杭区"), is_place("小区"), is_place("字节")
    (True, True, True, False, False)
    >>> unlisted_place("Aarhus", " with my family", "moved to"), unlisted_place("Zed", " last month", "moved to")
    (True, False)
    >>> unlisted_place("Bergen", " last year", "moved to", personal=True), unlisted_place("Kakoune", " from Vim", "moved to", personal=True)
    (True, False)
"""

from __future__ import annotations

import re

_EN = """
afghanistan, albania, algeria, argentina, armenia, australia, austria, azerbaijan, bangladesh, belarus, belgium,
bolivia, bosnia, brazil, bulgaria, cambodia, cameroon, canada, chile, china, colombia, costa rica, croatia, cuba,
cyprus, czechia, czech republic, denmark, ecuador, egypt, england, estonia, ethiopia, finland, france, germany, ghana,
greece, guatemala, hong kong, hungary, iceland, india, indonesia, iran, iraq, ireland, israel, italy, jamaica, japan,
jordan, kazakhstan, kenya, korea, south korea, kosovo, latvia, lebanon, lithuania, luxembourg, malaysia, malta,
mexico, moldova, mongolia, montenegro, morocco, nepal, netherlands, the netherlands, holland, new zealand, nigeria,
norway, pakistan, panama, paraguay, peru, philippines, the philippines, poland, portugal, qatar, romania, russia,
saudi arabia, scotland, senegal, serbia, singapore, slovakia, slovenia, south africa, spain, sri lanka, sweden,
switzerland, taiwan, tanzania, thailand, tunisia, turkey, uganda, ukraine, united kingdom, the united kingdom, the uk,
uk, united states, the united states, the us, the usa, usa, the states, uruguay, uzbekistan, venezuela, vietnam,
wales, zimbabwe, europe, asia, africa, south america, latin america, the bay area, bay area, silicon valley,
the midwest, the east coast, the west coast, new england, the countryside, the suburbs,
alabama, alaska, arizona, arkansas, california, colorado, connecticut, delaware, florida, hawaii, idaho, illinois,
indiana, iowa, kansas, kentucky, louisiana, maine, maryland, massachusetts, michigan, minnesota, mississippi,
missouri, montana, nebraska, nevada, new hampshire, new jersey, new mexico, new york, north carolina, north dakota,
ohio, oklahoma, oregon, pennsylvania, rhode island, south carolina, south dakota, tennessee, texas, utah, vermont,
virginia, washington state, west virginia, wisconsin, wyoming, ontario, quebec, british columbia, alberta, bavaria,
catalonia, andalusia, tuscany, lombardy,
amsterdam, athens, atlanta, auckland, austin, baltimore, bangalore, bengaluru, bangkok, barcelona, beijing, beirut,
belgrade, berlin, bern, bogota, bordeaux, boston, brighton, brisbane, bristol, brooklyn, brussels, bucharest,
budapest, buenos aires, cairo, calgary, cambridge, cape town, caracas, casablanca, chennai, chicago, copenhagen,
dallas, delhi, new delhi, denver, detroit, dhaka, dubai, dublin, edinburgh, frankfurt, geneva, glasgow, gothenburg,
guadalajara, guangzhou, hamburg, hanoi, helsinki, ho chi minh city, houston, hyderabad, istanbul, jakarta, jerusalem,
johannesburg, karachi, kathmandu, kyiv, kiev, krakow, kraków, kuala lumpur, lagos, lahore, las vegas, leeds, leipzig,
lima, lisbon, liverpool, ljubljana, london, los angeles, lyon, madrid, manchester, manila, marseille, melbourne,
mexico city, miami, milan, minneapolis, montevideo, montreal, moscow, mumbai, munich, nairobi, nantes, naples,
nashville, new orleans, nyc, new york city, osaka, oslo, ottawa, oxford, palo alto, paris, perth, philadelphia,
pittsburgh, portland, porto, prague, pune, quito, reykjavik, riga, rio de janeiro, riyadh, rome, rotterdam,
salt lake city, san diego, san francisco, sf, san jose, santiago, são paulo, sao paulo, seattle, seoul, shanghai,
shenzhen, sofia, stockholm, stuttgart, sydney, taipei, tallinn, tel aviv, the hague, tokyo, toronto, tunis, turin,
utrecht, valencia, vancouver, venice, vienna, vilnius, warsaw, washington dc, dc, wellington, wroclaw, zagreb,
zurich, zürich, kyoto, hangzhou, chengdu, wuhan, nanjing, seville, malaga, granada, bilbao, ghent, antwerp, medellin,
medellín, cologne, düsseldorf, dusseldorf, dresden, hanover, bonn, florence, bologna, genoa, marrakech, accra, kigali,
addis ababa, cebu, hong kong island, kowloon, macau, boulder, raleigh, charlotte, orlando, tampa, sacramento, oakland,
berkeley, san antonio, columbus, cleveland, cincinnati, st louis, kansas city, indianapolis, milwaukee, madison,
ann arbor, new haven, providence, richmond, honolulu, anchorage, edmonton, winnipeg, halifax, quebec city, canberra,
adelaide, hobart, christchurch, lausanne, basel, lucerne, salzburg, innsbruck, graz, brno, bratislava, gdansk,
poznan, tbilisi, yerevan, baku, almaty, tashkent, bergen, trondheim, stavanger, malmö, malmo, uppsala, aarhus, odense,
aalborg, tampere, turku, espoo, oulu, lund, tromsø, tromso, linköping, örebro, eindhoven, groningen, leiden, delft,
maastricht, haarlem, nijmegen, tilburg, breda, arnhem, bruges, leuven, liège, liege, namur, lille, toulouse,
strasbourg, montpellier, rennes, grenoble, heidelberg, freiburg, nuremberg, nürnberg, mannheim, karlsruhe, aachen,
münster, bremen, essen, dortmund, bochum, kiel, lübeck, rostock, potsdam, jena, göttingen, cork, galway, limerick,
belfast, cardiff, swansea, aberdeen, dundee, inverness, york, sheffield, nottingham, leicester, newcastle, coventry,
exeter, plymouth, southampton, portsmouth, norwich, bournemouth
"""
_ZH = """
中国 美国 英国 日本 韩国 德国 法国 加拿大 澳大利亚 澳洲 新加坡 香港 台湾 澳门 荷兰 瑞士 瑞典 西班牙 意大利 俄罗斯 印度 泰国 越南
马来西亚 巴西 阿根廷 墨西哥 葡萄牙 波兰 希腊 土耳其 埃及 以色列 伊朗 新西兰 爱尔兰 挪威 丹麦 芬兰 比利时 奥地利 捷克 匈牙利
乌克兰 菲律宾 印度尼西亚 印尼 巴基斯坦 南非 尼日利亚 肯尼亚 智利 秘鲁 哥伦比亚 沙特 阿联酋 缅甸 柬埔寨 老挝 蒙古 尼泊尔 斯里兰卡
孟加拉 冰岛 苏格兰 爱沙尼亚 罗马尼亚 保加利亚 塞尔维亚 克罗地亚 北京 上海 深圳 广州 杭州 成都 南京 武汉 西安 重庆 天津 苏州 厦门 青岛 大连 长沙 郑州 济南 合肥 福州 昆明 沈阳 哈尔滨
宁波 无锡 东莞 佛山 珠海 贵阳 南宁 兰州 太原 石家庄 南昌 海口 三亚 拉萨 乌鲁木齐 呼和浩特 长春 温州 台北 东京 大阪 首尔 伦敦
巴黎 柏林 纽约 旧金山 洛杉矶 西雅图 波士顿 多伦多 温哥华 悉尼 墨尔本 硅谷 湾区
河北 山西 辽宁 吉林 黑龙江 江苏 浙江 安徽 福建 江西 山东 河南 湖北 湖南 广东 广西 海南 四川 贵州 云南 西藏 陕西 甘肃 青海 宁夏
新疆 内蒙古 唐山 秦皇岛 邯郸 邢台 保定 张家口 承德 沧州 廊坊 衡水 大同 长治 晋城 晋中 运城 临汾 包头 赤峰 鄂尔多斯 呼伦贝尔
鞍山 抚顺 丹东 锦州 营口 盘锦 葫芦岛 四平 通化 延吉 齐齐哈尔 大庆 佳木斯 牡丹江 徐州 常州 南通 连云港 淮安 盐城 扬州 镇江 泰州
宿迁 昆山 江阴 张家港 常熟 嘉兴 湖州 绍兴 金华 衢州 舟山 台州 丽水 义乌 芜湖 蚌埠 淮南 马鞍山 铜陵 安庆 滁州 阜阳 宿州 六安
亳州 宣城 莆田 泉州 漳州 龙岩 宁德 景德镇 萍乡 九江 赣州 上饶 淄博 枣庄 东营 烟台 潍坊 济宁 泰安 威海 日照 临沂 德州 聊城 菏泽
开封 洛阳 平顶山 安阳 新乡 焦作 许昌 南阳 商丘 信阳 周口 驻马店 黄石 十堰 宜昌 襄阳 荆州 黄冈 孝感 株洲 湘潭 衡阳 岳阳 常德
张家界 郴州 汕头 江门 湛江 茂名 肇庆 惠州 梅州 清远 中山 潮州 揭阳 柳州 桂林 北海 玉林 儋州 自贡 攀枝花 泸州 德阳 绵阳 乐山
南充 宜宾 达州 遵义 安顺 曲靖 玉溪 丽江 大理 西双版纳 宝鸡 咸阳 延安 汉中 榆林 天水 酒泉 敦煌 西宁 银川 克拉玛依 喀什 石河子
曼谷 迪拜 莫斯科 罗马 米兰 马德里 巴塞罗那 阿姆斯特丹 苏黎世 日内瓦 维也纳 慕尼黑 法兰克福 汉堡 斯德哥尔摩 哥本哈根 奥斯陆 赫尔辛基
都柏林 爱丁堡 曼彻斯特 芝加哥 华盛顿 休斯顿 奥斯汀 达拉斯 丹佛 亚特兰大 迈阿密 费城 圣何塞 吉隆坡 雅加达 马尼拉 河内 孟买 班加罗尔
新德里 釜山 京都 名古屋 横滨 福冈 札幌 冲绳 蒙特利尔 渥太华 布里斯班 珀斯 开罗 圣保罗 伊斯坦布尔 多哈
"""
PLACES = frozenset(p.strip() for p in _EN.replace("\n", " ").split(",") if p.strip()) | frozenset(_ZH.split())
_STATE = re.compile(r",?\s+(?:[A-Z]{2}|uk|usa|us)$", re.I)  # "Austin, TX", "Leeds UK"


def is_place(name: str) -> bool:
    """True for a country, region or large city this module knows (case-insensitive)."""
    n = _STATE.sub("", re.sub(r"\s+", " ", name.strip(" .,!?"))).casefold()
    n = re.sub(r"^(?:downtown|central|north(?:ern)?|south(?:ern)?|east(?:ern)?|west(?:ern)?)\s+(?=\w)", "", n)
    return (n in PLACES or n.removeprefix("the ") in PLACES or bool(_ZH_ADMIN.fullmatch(n))
            or bool(re.fullmatch(r"(?:st|ste|mt|ft)\.\s?[a-z][\w'-]+(?:\s[a-z][\w'-]+)?", n)))  # "St. Louis", "Ft. Worth"


# a Chinese name with an administrative suffix is a place: "温州市", "浙江省", "余杭区", "德清县"
_ZH_ADMIN = re.compile(r"[\u4e00-\u9fff]{1,6}(?:市|省|县|自治区|自治州)|(?![\u4e00-\u9fff]*(?:小|社|景|校|厂|营|战|专|园)区$)[\u4e00-\u9fff]{2,5}区")


# After "moved to" a name not in the gazetteer is a place only with a cue a tool never gets: a move of the
# household or for a job ("with my family", "for my partner's job"), a known region after a comma ("Aarhus, Denmark").
_MOVE_CUE = re.compile(r"^\s*(?:,\s*(?P<region>[A-Z][\w .-]{1,30}?)(?=$|[,.;]|\s+(?:last|this|in|a|about|and|but|so|for|with)\b)|"
                       r".*\b(?:with (?:my|our) (?:family|wife|husband|partner|kids|girlfriend|boyfriend|parents)|"
                       r"for (?:my|our|a|the|his|her) (?:\w+'s |new )?(?:job|work|studies|phd|degree|university)|for work|"
                       r"to be (?:closer|near)|timezone|time zone|the weather|rent|neighbou?rhood|flat|apartment|house))", re.I)
_PLACE_ONLY_VERB = re.compile(r"\b(?:relocated|relocating|based|grew up|born|raised|from|reside|live in|living in|lived in)\b", re.I)


# Software some people "move to" that the tool lexicon does not list; only this module reads it.
_SOFTWARE = frozenset("mac kakoune ghostty kagi lapce bbedit textmate spacemacs lunarvim neovide joplin zettlr roam anytype "
                      "tana dropbox icloud mastodon bluesky telegram whatsapp signal spotify".split())
# What follows a name a user "moved to" that says software: an old tool after "from", a job for it, a tool noun.
_SOFTWARE_CUE = re.compile(r"^\s*(?:from|over|instead of|in place of|replacing)\s+(?P<old>[\w.+#-]+(?:\s+(?-i:[A-Z])[\w.+#-]*)?)|"
                           r"^\s*for\s+(?!(?:my|our|a|the|his|her) (?:\w+'s |new )?(?:job|work|studies|phd|degree|university)\b|work\b)|"
                           r"\b(?:editor|ide|terminal|shell|browser|app|apps|plugins?|extensions?|theme|distro|version|release|"
                           r"setup|config|dotfiles|workflow|stack|framework|library|notes?|note-taking|coding|editing|keybindings)\b", re.I)


# a month or a day is capitalised but names no place: "(we moved to the new office in) May"
_WHEN_NAME = re.compile(r"^(?:january|february|march|april|may|june|july|august|september|october|november|december|"
                        r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|christmas|easter)$", re.I)


def unlisted_place(name: str, after: str, verb: str, *, personal: bool = False) -> bool:
    """A capitalised name that names no tool, after a verb only places take ("relocated to", "grew up in"),
    or after "moved to" with a move cue in `after` (the text following the name). `personal`: the user (not a
    team) moved, so "moved to" + such a name is a place unless `after` says software ("from Vim", "for notes")."""
    from .clause_en import is_tool_name  # late: clause_en builds on this module

    if not re.fullmatch(r"(?-i:[A-Z])[^\W\d_]+(?:[ -](?-i:[A-Z])[^\W\d_]+)?", name) or is_tool_name(name) or _WHEN_NAME.match(name):
        return False
    if _PLACE_ONLY_VERB.search(verb):
        return True
    cue = _MOVE_CUE.match(after)
    if not cue:
        return personal and re.search(r"\bmoved\b", verb, re.I) is not None and _personal_move(name, after)
    region = cue.group("region")
    return not region or is_place(region)


def _personal_move(name: str, after: str) -> bool:
    """"I moved to Bergen (last year / from Oslo)": a place, unless the name or `after` says software."""
    if name.casefold() in _SOFTWARE:
        return False
    soft = _SOFTWARE_CUE.search(after)
    return not soft or bool(soft.group("old") and is_place(soft.group("old")))
