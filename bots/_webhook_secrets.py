"""Webhook secrets per tenant, derived from the one configured secret.

A webhook's URL names its tenant (``/webhooks/meetings/{slug}``), so a secret shared by
every tenant would let whoever holds one tenant's recorder write into any other tenant by
changing the URL. Each tenant's webhook is therefore signed with a secret of its own:
HMAC-SHA256 of ``<hook>:<slug>`` under the configured secret. The operator hands each
tenant only its own (``hivebrain tenant webhook-secret SLUG``); the configured secret
never leaves the server, and one tenant's secret says nothing about another's. Nothing is
stored, so every ``serve`` process agrees without shared state.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Literal

from brain import validate_slug

#: The webhooks that sign with a tenant's secret.
Hook = Literal["meetings", "github"]
HOOKS: tuple[Hook, ...] = ("meetings", "github")


def tenant_secret(secret: str, *, hook: Hook, slug: str) -> str:
    """The secret ``slug``'s ``hook`` webhook is signed with (hex); raises ``InvalidSlug``."""
    message = f"{hook}:{validate_slug(slug)}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()
