"""The ranker (agents.desks, ``rank_paths``): candidates of a walk scored against the question.

Each case is a question, what it names, and walk results shaped as the brain's ``around``
returns them; the ranker must pick the answer a person would, by the type asked for, the
relationships the words cue (each the way it is walked), the words along the path and
closeness by meaning, never by the question's template.
"""

from __future__ import annotations

from typing import Any

import pytest

from agents.desks import WHO_TYPES, Asking, alike_answers, content_words, cued_steps, rank_paths

NAMES = {
    "svc": ("Service", "Roof scaffolding"),
    "ruben": ("Person", "Ruben Hoekstra"),
    "hanze": ("Vendor", "Hanze Steigerbouw"),
    "grid": ("Service", "Grid notifications"),
    "login": ("Account", "Portal login"),
    "lotte": ("Person", "Lotte Visser"),
    "office": ("Team", "Planning office"),
    "crews": ("Team", "Install crews"),
    "tool": ("Tool", "Quoting tool"),
    "key": ("Account", "Price feed API key"),
    "supplier": ("Vendor", "Panel supplier"),
    "toolmaker": ("Vendor", "Quoting tool maker"),
    "team": ("Team", "Front desk"),
    "a": ("Tool", "Booking system"),
    "b": ("Tool", "Card terminals"),
    "c": ("Tool", "Text reminders"),
}


def item(
    steps: list[tuple[str, str, str]], *, closeness: float = 0.0, via: list[str] | None = None
) -> dict[str, Any]:
    """A walk result: ``steps`` are (source, rel, target) edges from the start on; ``via``
    the ids from the start to the end."""
    assert via is not None
    end = via[-1]
    kind, name = NAMES[end]
    return {
        "node": {"id": end, "type": kind, "name": name},
        "hops": len(steps),
        "path": [{"source": a, "type": r, "target": b} for a, r, b in steps],
        "via": [{"id": i, "type": NAMES[i][0], "name": NAMES[i][1]} for i in via],
        "closeness": closeness,
    }


def asking(question: str, named: dict[str, float], types: tuple[str, ...] = WHO_TYPES) -> Asking:
    return Asking(
        words=content_words(question),
        types=types,
        steps=cued_steps(question, [NAMES[i][1] for i in named]),
        named=named,
    )


OWNER = item([("ruben", "OWNS", "svc")], via=["svc", "ruben"], closeness=0.2)
SUPPLIER = item([("svc", "DEPENDS_ON", "hanze")], via=["svc", "hanze"], closeness=0.4)


@pytest.mark.parametrize(
    ("question", "best"),
    [
        ("who does our scaffolding these days", "hanze"),  # who does our X: its supplier
        ("who do we call about the scaffolding", "hanze"),
        ("who's in charge of the scaffolding?", "ruben"),  # in charge: its owner
        ("who owns roof scaffolding", "ruben"),
    ],
)
def test_the_words_cue_the_relationship(question: str, best: str) -> None:
    ranked = rank_paths([OWNER, SUPPLIER], asking(question, {"svc": 1.0}))
    assert ranked[0].node["id"] == best, [(s.node["id"], s.score, s.reasons) for s in ranked]


def test_an_answer_three_hops_away_wins_on_the_type_and_the_words() -> None:
    team = item(
        [
            ("grid", "DEPENDS_ON", "login"),
            ("lotte", "OWNS", "login"),
            ("lotte", "MEMBER_OF", "office"),
        ],
        via=["grid", "login", "lotte", "office"],
    )
    owner = item([("grid", "DEPENDS_ON", "login"), ("lotte", "OWNS", "login")],
                 via=["grid", "login", "lotte"])  # fmt: skip
    other = item([("grid", "USES", "crews")], via=["grid", "crews"])
    question = "grid notifications run off the portal login - which team is whoever owns it in?"
    ranked = rank_paths([owner, other, team], asking(question, {"grid": 1.0}, ("Team",)))
    assert ranked[0].node["id"] == "office"
    assert ranked[0].ids == ["grid", "login", "lotte", "office"]


def test_which_team_asks_for_the_step_into_the_team() -> None:
    """ "the booking system uses a price feed key - which team is the person who owns that
    key on": the owner's team, not the team that uses the tool the key is part of (a
    PART_OF on the way is no "which team" step)."""
    owners = item(
        [("lotte", "OWNS", "key"), ("lotte", "MEMBER_OF", "office")],
        via=["key", "lotte", "office"],
    )
    users = item(
        [("key", "PART_OF", "a"), ("team", "USES", "a")],
        via=["key", "a", "team"],
        closeness=0.3,  # nearer by meaning, and the tool it passes holds the question's words
    )
    question = (
        "the booking system uses a price feed api key - which team is the person who owns that "
        "key on?"
    )
    ranked = rank_paths([users, owners], asking(question, {"key": 1.0, "a": 0.8}, ("Team",)))
    assert ranked[0].node["id"] == "office", [(s.node["id"], s.score, s.reasons) for s in ranked]


def test_a_sibling_is_no_answer_to_what_a_thing_depends_on() -> None:
    # the key's own supplier, against the supplier of the tool that depends on the key
    own = item([("key", "DEPENDS_ON", "supplier")], via=["key", "supplier"], closeness=0.2)
    sibling = item(
        [("tool", "DEPENDS_ON", "key"), ("tool", "DEPENDS_ON", "toolmaker")],
        via=["key", "tool", "toolmaker"],
        closeness=0.5,  # nearer by meaning, and its path holds a word of the question
    )
    question = "the quoting tool pulls prices through an api key - who's that key with?"
    ranked = rank_paths([sibling, own], asking(question, {"key": 1.0}))
    assert ranked[0].node["id"] == "supplier"
    assert "reaches a sibling" in next(s for s in ranked if s.node["id"] == "toolmaker").reasons


def test_every_answer_reached_the_same_way_is_listed_however_close() -> None:
    uses = [
        item([("team", "USES", t)], via=["team", t], closeness=c)
        for t, c in (("a", 0.5), ("b", 0.1), ("c", 0.0))
    ]
    ranked = rank_paths(uses, asking("what does the front desk use day to day?", {"team": 1.0}, ()))
    assert [s.node["id"] for s in alike_answers(ranked)] == ["a", "b", "c"]


def test_a_soft_cue_asks_for_the_owner_of_work_only() -> None:
    # "who handles our e-signing?": the rule that shares a word has an owner, the tool a maker
    NAMES.update(
        rule=("Rule", "Sign-off rule"),
        felix=("Person", "Felix Adeyemi"),
        esign=("Tool", "E-signature tool"),
        inkpoint=("Vendor", "InkPoint"),
        case=("Task", "The Marsh case"),
        owen=("Person", "Owen Pryce"),
    )
    rule_owner = item([("felix", "OWNS", "rule")], via=["rule", "felix"], closeness=0.1)
    maker = item([("esign", "DEPENDS_ON", "inkpoint")], via=["esign", "inkpoint"], closeness=0.3)
    question = "who handles our e-signing?"
    ranked = rank_paths([rule_owner, maker], asking(question, {"rule": 0.6, "esign": 0.7}))
    assert ranked[0].node["id"] == "inkpoint"
    case_owner = item([("owen", "OWNS", "case")], via=["case", "owen"], closeness=0.1)
    ranked = rank_paths([case_owner], asking("who's handling the Marsh case?", {"case": 1.0}))
    assert "by OWNS, as the question's words say" in ranked[0].reasons


@pytest.mark.parametrize(
    ("question", "names", "cued", "not_cued"),
    [
        ("who's working on webhook delivery?", ["Webhook delivery"], ("WORKS_ON", False),
         ("DEPENDS_ON", True)),  # "delivery" names the thing; it cues no supplier
        ("who's that key with?", [], ("DEPENDS_ON", True), ("OWNS", False)),
        ("who dealt with the outage", [], ("OWNS~", False), ("DEPENDS_ON", True)),  # soft
        # "covering" beside no other word of "Emergency cover" still asks for an owner
        ("who's covering the audit now?", ["Emergency cover"], ("OWNS~", False),
         ("DEPENDS_ON", True)),
        # the clause that asks says what is wanted; "runs on" only says how to get there
        ("the bot runs on a key - who owns the tool that key belongs to?", [],
         ("OWNS", False), ("DEPENDS_ON", True)),
        ("which tool does the bot belong to", [], ("PART_OF", True), ("OWNS", False)),
    ],
)  # fmt: skip
def test_cues_are_read_from_the_words_that_name_nothing(
    question: str, names: list[str], cued: tuple[str, bool], not_cued: tuple[str, bool]
) -> None:
    steps = cued_steps(question, names)
    assert cued in steps and not_cued not in steps


def test_a_thing_named_by_the_starts_own_words_is_no_second_thing_named() -> None:
    # "who's got the rigsight renewal": the task's holder, not the holder of the licence the
    # task is about, though the question's "rigsight" names the licence too
    NAMES.update(
        renew=("Task", "Renew the RigSight network licence"),
        licence=("Account", "RigSight network licence"),
        corey=("Person", "Corey Blaxland"),
        oskar=("Person", "Oskar Lindgren"),
    )
    holder = item([("corey", "OWNS", "renew")], via=["renew", "corey"], closeness=0.2)
    about = item(
        [("renew", "ABOUT", "licence"), ("oskar", "OWNS", "licence")],
        via=["renew", "licence", "oskar"],
        closeness=0.3,
    )
    question = "who's got the rigsight renewal now?"
    ranked = rank_paths([about, holder], asking(question, {"renew": 0.64, "licence": 0.33}))
    assert ranked[0].node["id"] == "corey", [(s.node["id"], s.score, s.reasons) for s in ranked]
    assert "passes through another thing the question names" not in ranked[1].reasons


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("which of our cranes does vantor look after", "cran"),
        ("which grow rooms rely on the spawn lab", "room"),
        ("what suppliers does the bar lean on", "supplier"),
        ("what does front of house use", None),  # asks no noun
    ],
)
def test_a_which_question_asks_for_its_noun(question: str, kind: str | None) -> None:
    from agents.desks import asked_kind

    assert asked_kind(question) == kind


def test_an_answer_named_by_the_noun_asked_is_of_the_kind_asked() -> None:
    # "which of our cranes does vantor look after": the cranes that lean on Vantor, not the
    # person who owns one of them, nor a task that only mentions cranes
    from agents.desks import asked_kind

    NAMES.update(
        vantor=("Vendor", "Vantor Cranes"),
        k10=("Service", "K10 all-terrain crane"),
        graeme=("Person", "Graeme Tulloch"),
        checks=("Task", "Annual crane inspections"),
    )
    crane = item([("k10", "DEPENDS_ON", "vantor")], via=["vantor", "k10"], closeness=0.3)
    owner = item(
        [("k10", "DEPENDS_ON", "vantor"), ("graeme", "OWNS", "k10")],
        via=["vantor", "k10", "graeme"],
        closeness=0.3,
    )
    task = item([("checks", "ABOUT", "vantor")], via=["vantor", "checks"], closeness=0.4)
    question = "which of our cranes does vantor look after"
    ask = asking(question, {"vantor": 1.0}, ())
    ask.kind = asked_kind(question)
    ranked = rank_paths([owner, task, crane], ask)
    assert ranked[0].node["id"] == "k10", [(s.node["id"], s.score, s.reasons) for s in ranked]
    assert not any(
        "as asked" in r for r in next(s for s in ranked if s.node["id"] == "checks").reasons
    )


@pytest.mark.parametrize(
    ("asked", "named"),
    [
        ("how many cars did the ferry carry", "Vehicles carried"),
        ("what did we try", "Methods tried"),
        ("which lab studies moulds", "Mould study"),
        ("enquiries this week", "Enquiry volume"),
    ],
)
def test_a_word_meets_its_other_forms(asked: str, named: str) -> None:
    assert content_words(asked) & content_words(named)


def test_words_that_only_look_alike_stay_apart() -> None:
    assert not content_words("the shed is full") & content_words("she said")
    assert not content_words("we need more seed") & content_words("send it")
