"""Caption files with impossible times are refused in one line that names the cue, never
read part-way in silence: an hour of 400 digits, a cue that starts before the start."""

from __future__ import annotations

import pytest

from brain import InputInvalid
from brain.ingest import parse_transcript

GOOD = "00:00:01.000 --> 00:00:03.000\n<v Lena Ortiz>The kiln is cooling.\n"


@pytest.mark.parametrize(
    ("cue", "words"),
    [
        ("9" * 400 + ":00:01.000 --> " + "9" * 400 + ":00:02.000", "hours"),
        ("-00:00:01.000 --> 00:00:02.000", "before the start"),
        ("00:00:05.000 --> 00:00:02.000", "ends before it starts"),
        ("00:00:01.000 --> 00:00:02", "cannot be read"),
        ("00:61:01.000 --> 00:61:02.000", "minutes"),
    ],
)
def test_a_cue_with_an_impossible_time_is_refused(cue: str, words: str) -> None:
    text = f"WEBVTT\n\n{GOOD}\n{cue}\n<v Sam Reed>Open it at noon.\n"
    with pytest.raises(InputInvalid) as refused:
        parse_transcript("call.vtt", text)
    message = refused.value.reason
    assert "\n" not in message and "call.vtt" in message and words in message, message
    assert "cue 2" in message, message


def test_long_meetings_keep_their_hours() -> None:
    text = f"WEBVTT\n\n{GOOD}\n100:00:01.000 --> 100:00:04.500\n<v Sam Reed>Still here.\n"
    turns = parse_transcript("call.vtt", text).turns
    assert [t.start for t in turns] == [1.0, 360_001.0]


def test_srt_times_are_checked_the_same_way() -> None:
    text = "1\n00:00:01,000 --> 00:00:02,000\nA: hi\n\n2\n-00:00:01,000 --> 00:00:02,000\nB: x\n"
    with pytest.raises(InputInvalid, match="before the start"):
        parse_transcript("call.srt", text)
