"""One day's reading of a metric as a source sends it, for tests of readings and roll-ups.

A reading is an Observation over one day (``start`` to the next day's ``end``), learned the
day after, and the MEASURES edge to its metric from that day.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any


def daily_reading(
    oid: str, metric: str, day: date, value: float, *, name: str, src: str
) -> list[dict[str, Any]]:
    """The node and edge facts of reading ``oid`` of ``metric`` on ``day``."""
    after = (day + timedelta(days=1)).isoformat()
    return [
        {
            "node": {
                "type": "Observation",
                "id": oid,
                "name": name,
                "src": src,
                "asOf": after,
                "value": value,
                "start": day.isoformat(),
                "end": after,
            }
        },
        {
            "edge": {
                "from": oid,
                "type": "MEASURES",
                "to": metric,
                "since": day.isoformat(),
                "src": src,
                "asOf": day.isoformat(),
            }
        },
    ]
