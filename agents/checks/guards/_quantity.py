"""Guard: a verified figure is about the asked subject and of the asked quantity.

"Can Farah sign off an 80k ringgit PO?" answered with the rule on signing off Windows
updates, and "what did the counterfeit reels cost us" answered with a passage of the right
review that holds no cost, both cite real records; only the figure is missing. The guard
reads the asked quantity on its own: a question that states an amount ("80k ringgit", "a
6th request") asks it against a limit, so the answer must state a figure (an amount of
money for money); a question that asks a cost or a price must get an amount of money,
and one that asks "how many/much" a figure, in a line or quoted passage that shares a
word of the question's subject.
"""

from __future__ import annotations

import re

from agents.checks._answer import CheckResult
from agents.checks.guards._decline import fold

NAME = "the figure is about what was asked"
_CITATION = re.compile(r"\[\[[^\]\n]*\]\]")
_MONTHS = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
#: Digits that date or name something rather than state a figure.
_NOT_FIGURES = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTHS}(?:\s+\d{{4}})?|\b{_MONTHS}\s+\d{{1,2}}\b"
    r"|\b(?:19|20|21)\d\d\b|\b\d{1,2}:\d\d\b|\b[a-z]+-?\d[\w-]*\b",
    re.I,
)
_FIGURE = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?:\s*k\b|\s*%|(?:st|nd|rd|th)\b|(?!\w))", re.I)
_MONEY = re.compile(
    r"[$€£¥₹]\s*\d|\b(?:rm|usd|eur|gbp|nzd|aud|cad|myr|inr|rs|chf|sek|nok|dkk)\s*\d"
    r"|\d[\d,.]*\s*k?\s*(?:ringgit|dollars?|euros?|pounds?|rupees?|cents?|pence|yen|francs?"
    r"|kronor|krone|rand|pesos?|usd|eur|gbp|nzd|aud|cad|myr|inr|rm)\b",
    re.I,
)
_ASKS_MONEY = re.compile(
    r"\b(?:cost|costs|costing|price|priced|prices|charge|charged|charges|fee|fees|spend|spent|"
    r"paid|pay|bill|billed)\b",
    re.I,
)
_ASKS_AMOUNT = re.compile(r"\bhow (?:many|much)\b", re.I)
#: "What did we agree about the price feed": a question about what was settled asks for the
#: settlement; its money word names the matter, not an amount asked.
_ASKS_SETTLED = re.compile(
    r"\b(?:agree\w*|decid\w*|decision\w*|settle\w*|land(?:ed)?\s+on)\b", re.I
)
#: Words of a question that ask for the quantity, not which thing it is about.
_FRAME_TEXT = """
what does did do we our the cost costs costing price priced prices charge charged charges
fee fees spend spent paid pay bill billed how many much according review that this with from
about have there their they total last week month year today yesterday since
"""
_FRAME = frozenset(_FRAME_TEXT.split())
_MIN_CHARS = 4


def _key(word: str) -> str:
    return word[:6] if len(word) >= 6 else word.removesuffix("s")


def _figures(text: str) -> list[str]:
    return _FIGURE.findall(_NOT_FIGURES.sub(" ", _CITATION.sub(" ", text)))


def _units(answer: str) -> list[str]:
    """The answer's lines, and each quoted passage apart from the line around it."""
    units: list[str] = []
    for line in answer.splitlines():
        quotes = re.findall(r"“([^”]*)”", line)
        units += quotes
        units.append(re.sub(r"“[^”]*”", " ", line) if quotes else line)
    return [u for u in units if u.strip()]


def check_asked_quantity(question: str, answer: str, *, declined: bool) -> CheckResult:
    """Check that the answer states the kind of figure the question asks for, about its
    subject."""
    if declined:
        return CheckResult(NAME, True, "a decline states no figure")
    stated = _figures(question)
    money_stated = bool(_MONEY.search(question)) or bool(
        stated
        and re.search(r"\b(?:ringgit|dollars?|euros?|pounds?|rupees?|bucks|quid)\b", question, re.I)
    )
    if stated:
        if money_stated and not _MONEY.search(answer):
            return CheckResult(
                NAME, False, "the question states an amount of money; the answer states none"
            )
        if not _figures(answer):
            return CheckResult(
                NAME,
                False,
                "the question states a figure; the answer states no limit to hold it against",
            )
        return CheckResult(NAME, True, "the answer states a figure to hold the asked one against")
    how_much = bool(_ASKS_AMOUNT.search(question))
    settled = bool(_ASKS_SETTLED.search(question)) and not how_much
    wants_money = bool(_ASKS_MONEY.search(question)) and not settled
    if not wants_money and not how_much:
        return CheckResult(NAME, True, "the question asks for no figure")
    plain = re.sub(r"['’]s\b", " ", question)  # "kar wai's review": no word "wais"
    subject = {_key(w) for w in fold(plain).split() if len(w) >= _MIN_CHARS} - {
        _key(w) for w in _FRAME
    }
    for unit in _units(answer):
        # money: an amount with its currency, or a figure the line itself calls a cost
        # ("cost per sign-up: 130.10"), as a tool's table states it
        labelled = bool(_ASKS_MONEY.search(unit) and _figures(unit))
        has = (_MONEY.search(unit) or labelled) if wants_money else _figures(unit)
        if not has:
            continue
        if not subject or subject & {_key(w) for w in fold(unit).split()}:
            return CheckResult(NAME, True, "a figure of the asked kind is about the subject")
    kind = "an amount of money" if wants_money else "a figure"
    return CheckResult(
        NAME,
        False,
        f"the question asks for {kind}; no line or passage of the answer about "
        "what it asks states one",
    )
