"""HIVEBRAIN_DISCORD_SHARDS: N processes each open their own Discord shards."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import SecretStr

from agents import run_turn
from bots.core import BotCore, BotSettings
from bots.discord import build_discord_bot
from brain import Brain, SettingsInvalid


def settings(**changes: Any) -> BotSettings:
    values: dict[str, Any] = {"discord_token": SecretStr("t0ken"), **changes}
    return BotSettings(_env_file=None, **values)  # type: ignore[call-arg]  # pydantic-settings init kwarg


@pytest.mark.parametrize(
    ("spec", "ids", "count"), [("1/3", [1], 3), (" 2 , 0 / 4 ", [0, 2], 4), ("0/1", [0], 1)]
)
async def test_a_process_opens_only_the_shards_it_is_given(
    quiet_brain: Brain, spec: str, ids: list[int], count: int
) -> None:
    bot = build_discord_bot(
        BotCore(quiet_brain, answer=run_turn), settings(hivebrain_discord_shards=spec)
    )
    assert (bot.shard_ids, bot.shard_count) == (ids, count)  # what IDENTIFY will send


async def test_without_the_setting_one_process_opens_every_shard(quiet_brain: Brain) -> None:
    bot = build_discord_bot(BotCore(quiet_brain, answer=run_turn), settings())
    assert bot.shard_ids is None and bot.shard_count is None  # Discord's recommended count


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("3/3", "below the count"),
        ("1,1/2", "distinct"),
        ("one of two", "write i/N"),
        ("0/0", "below the count"),
    ],
)
def test_a_wrong_shard_setting_says_how_to_write_it(spec: str, said: str) -> None:
    with pytest.raises(SettingsInvalid, match="HIVEBRAIN_DISCORD_SHARDS") as caught:
        settings(hivebrain_discord_shards=spec)
    assert said in str(caught.value)
