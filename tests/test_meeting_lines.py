"""Meeting questions answered from a transcript's lines (agents.desks._meeting_lines).

The transcript is a dental practice's Tuesday huddle, nothing like the question banks:
the exchange about a topic runs from its first line to the reply after its last, and the
work handed out is read from who is turned to by name with a request, or says they will.
"""

from __future__ import annotations

import pytest

from agents.desks import exchange, handed_out, lines_of, matter_of, meeting_question

HUDDLE = [
    ("Amara Osei", "Morning. Quick one today. Leon, how did the sterilisers do overnight?"),
    ("Leon Price", "Both passed the cycle test. The small one is slow to heat again."),
    ("Amara Osei", "Right. Next, the recall letters. We're three weeks behind on recalls."),
    ("Grace Hill", "The template still has the old phone number on it."),
    ("Amara Osei", "Okay. Grace, can you fix the template and send the backlog by Friday?"),
    ("Grace Hill", "Friday, yes. I'll do the over-seventies first."),
    ("Amara Osei", "Good. Last thing, the Saturday clinics."),
    ("Leon Price", "Two of us can do alternate Saturdays through December."),
    (
        "Amara Osei",
        "So we'll run a Saturday clinic every other week from the 5th. Leon, you do the rota.",
    ),
    ("Leon Price", "I'll have it up by Thursday."),
    ("Amara Osei", "Thanks everyone."),
]
PASSAGES = [
    {"id": f"m#l{i}", "line": i, "speaker": who, "text": f"{who}: {words}"}
    for i, (who, words) in enumerate(HUDDLE)
]
PEOPLE = {
    "amara": {"id": "p-amara", "name": "Amara Osei"},
    "leon": {"id": "p-leon", "name": "Leon Price"},
    "grace": {"id": "p-grace", "name": "Grace Hill"},
}


@pytest.mark.parametrize(
    ("question", "shape"),
    [
        ("what did we agree about saturday clinics in the huddle?", "meeting-topic"),
        ("what was said on the call about recall letters", "meeting-topic"),
        ("who's doing what after tuesday's huddle?", "meeting-work"),
        ("whos doing what after thursdays sales mtg", "meeting-work"),  # as people type it
        ("what did we agree at the mgmt mtg about rotas", "meeting-topic"),
        ("who's sorting the recall letters after the huddle", "meeting-work"),
        ("what did the team decide in the last meeting", "last-decisions"),
        ("what did marco's review say about the cost", None),  # a review is a document too
        ("who is on call this weekend", None),
    ],
)
def test_meeting_questions_by_their_shape(question: str, shape: str | None) -> None:
    assert meeting_question(question) == shape


def test_the_exchange_runs_from_the_topic_to_the_reply_after_it() -> None:
    lines = lines_of(PASSAGES)
    best = lines[8]  # "So we'll run a Saturday clinic every other week..."
    said = exchange(lines, best, {"saturday", "clinic"})
    assert [x.number for x in said] == [6, 7, 8, 9]  # the proposal, the agreement, the reply


def test_work_handed_out_is_who_was_asked_and_who_said_they_would() -> None:
    handed = handed_out(lines_of(PASSAGES), PEOPLE)
    assert [(h.who, h.line.number, h.reply and h.reply.number) for h in handed] == [
        ("Grace Hill", 4, 5),  # asked by name, and her reply
        ("Leon Price", 8, 9),
    ]
    # "Leon, how did the sterilisers do": a question about how things stand, no work
    assert all(h.line.number != 0 for h in handed)
    assert [x.number for x in handed[0].holds({"template"})] == [3, 4]


def test_a_matter_runs_from_where_it_is_opened_to_the_next_one() -> None:
    lines = lines_of(PASSAGES)
    # "Grace, can you fix the template": the recall letters matter, opened on line 2
    assert [x.number for x in matter_of(lines, lines[4], {"template"})] == [2, 3, 4, 5]
    # the Saturday clinics run from "Last thing" to the end
    assert [x.number for x in matter_of(lines, lines[8], {"saturday"})] == [6, 7, 8, 9, 10]
    # a meeting that opens no matter by name: the talk about the topic alone
    plain = [x for x in lines if x.number not in (2, 6)]
    assert [x.number for x in matter_of(plain, lines[8], {"saturday"})] == [
        x.number for x in exchange(plain, lines[8], {"saturday"})
    ]
