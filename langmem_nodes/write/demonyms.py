"""Nationality words: "I'm Brazilian" is the user's nationality, never the user's name.

`DEMONYMS` maps a demonym (casefolded) to its country; `BELIEFS` are religious or similar identity words,
which are never read as a name (and not stored: a belief is not something the assistant needs to be told
to keep).

Example:
    >>> nationality("Brazilian"), nationality("brazilian-american"), nationality("Marco")
    ('Brazil', 'Brazil', None)
    >>> is_belief("Catholic"), is_belief("Dan")
    (True, False)
"""

from __future__ import annotations

_PAIRS = """
afghan:Afghanistan albanian:Albania algerian:Algeria american:the_US argentine:Argentina
argentinian:Argentina armenian:Armenia australian:Australia austrian:Austria azerbaijani:Azerbaijan
bangladeshi:Bangladesh belarusian:Belarus belgian:Belgium bolivian:Bolivia bosnian:Bosnia brazilian:Brazil
british:the_UK bulgarian:Bulgaria cambodian:Cambodia cameroonian:Cameroon canadian:Canada chilean:Chile
chinese:China colombian:Colombia croatian:Croatia cuban:Cuba cypriot:Cyprus czech:Czechia danish:Denmark
dutch:the_Netherlands ecuadorian:Ecuador egyptian:Egypt english:England estonian:Estonia ethiopian:Ethiopia
filipino:the_Philippines filipina:the_Philippines finnish:Finland french:France georgian:Georgia
german:Germany ghanaian:Ghana greek:Greece guatemalan:Guatemala haitian:Haiti honduran:Honduras
hungarian:Hungary icelandic:Iceland indian:India indonesian:Indonesia iranian:Iran iraqi:Iraq irish:Ireland
israeli:Israel italian:Italy jamaican:Jamaica japanese:Japan jordanian:Jordan kazakh:Kazakhstan kenyan:Kenya
korean:Korea kuwaiti:Kuwait latvian:Latvia lebanese:Lebanon libyan:Libya lithuanian:Lithuania
luxembourgish:Luxembourg malaysian:Malaysia maltese:Malta mexican:Mexico moldovan:Moldova mongolian:Mongolia
montenegrin:Montenegro moroccan:Morocco nepali:Nepal nepalese:Nepal nigerian:Nigeria norwegian:Norway
pakistani:Pakistan palestinian:Palestine panamanian:Panama paraguayan:Paraguay peruvian:Peru polish:Poland
portuguese:Portugal qatari:Qatar romanian:Romania russian:Russia rwandan:Rwanda saudi:Saudi_Arabia
scottish:Scotland senegalese:Senegal serbian:Serbia singaporean:Singapore slovak:Slovakia slovenian:Slovenia
somali:Somalia spanish:Spain sudanese:Sudan swedish:Sweden swiss:Switzerland syrian:Syria taiwanese:Taiwan
thai:Thailand tunisian:Tunisia turkish:Turkey ugandan:Uganda ukrainian:Ukraine uruguayan:Uruguay
uzbek:Uzbekistan venezuelan:Venezuela vietnamese:Vietnam welsh:Wales yemeni:Yemen zambian:Zambia
zimbabwean:Zimbabwe kiwi:New_Zealand aussie:Australia hongkonger:Hong_Kong
"""
DEMONYMS: dict[str, str] = {k: v.replace("_", " ") for k, v in (p.split(":", 1) for p in _PAIRS.split())}
DEMONYMS.update({"new zealander": "New Zealand", "south african": "South Africa", "south korean": "South Korea",
                 "north korean": "North Korea", "sri lankan": "Sri Lanka", "saudi arabian": "Saudi Arabia",
                 "costa rican": "Costa Rica", "puerto rican": "Puerto Rico", "dominican": "the Dominican Republic",
                 "salvadoran": "El Salvador", "emirati": "the UAE", "hong konger": "Hong Kong"})
BELIEFS = frozenset("""catholic christian protestant orthodox mormon muslim islamic jewish hindu buddhist sikh jain
taoist atheist agnostic pagan evangelical baptist methodist lutheran anglican presbyterian quaker""".split())


def _words(text: str) -> list[str]:
    return text.casefold().replace("-", " ").split()


def nationality(word: str) -> str | None:
    """The country a demonym names ("Brazilian" → "Brazil"; the first of "Brazilian-American"), else None."""
    words = _words(word)
    if not words:
        return None
    return DEMONYMS.get(" ".join(words[:2])) or DEMONYMS.get(words[0])


def is_belief(word: str) -> bool:
    """A religious (or similar) identity word: never a name."""
    return bool(words := _words(word)) and words[0] in BELIEFS
