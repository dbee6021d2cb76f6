"""One process of the settings race (tests/test_settings_races.py): adds approvers one by
one and changes the time zone between them, through the registry, as chat commands do."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from brain import Brain, BrainSettings


async def hammer(url: str, slug: str, who: str, count: int) -> None:
    brain = Brain(BrainSettings(falkordb_url=url, hivebrain_embeddings=False))
    await brain.start()
    assert brain.registry is not None
    try:
        for i in range(count):

            def add(settings: dict[str, Any], me: str = f"{who}:{i}") -> dict[str, Any]:
                return {**settings, "approvers": [*settings.get("approvers", []), me]}

            await brain.registry.update_settings(slug, add)
            await brain.registry.update_settings(slug, {"timezone": f"zone-{who}-{i}"})
    finally:
        await brain.close()


if __name__ == "__main__":
    asyncio.run(hammer(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])))
