"""One Person per human across the names, e-mails and GitHub logins git records for them.

The same engineer signs commits as ``Guy Korland <gkorland@gmail.com>``, as
``gkorland <12345+gkorland@users.noreply.github.com>`` from the web UI, and as
``dvir <dvir@Dvirs-MBP.lan>`` from a laptop whose git was never configured. Expert
answers that split one human into three rank all three too low, so before a history is
loaded every signature in it (authors and co-author trailers) is grouped: signatures
sharing an e-mail address, a normalised name, or a login are one person, where a login
is the user of a noreply address, and also the local part of an address on a machine's
own host name or of an address whose local part is a known login. The group's id is
its most used login (else its most used address), so the id does not depend on the
order the records come in. Bots and coding assistants stay their own people, flagged.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from brain.ingest._slugs import slugify

_NOREPLY = re.compile(r"^(?:\d+\+)?(?P<login>[^@\s]+)@users\.noreply\.github\.com$")
#: Names too common to say two signatures are one human.
_VAGUE_NAMES = frozenset({"root", "admin", "user", "ubuntu", "github", "unknown", "dev", "me"})
#: Last labels of host names a laptop's unconfigured git puts after the @.
_LOCAL_HOSTS = frozenset({"local", "lan", "home", "localdomain", "internal", "localhost", "box"})
_BOT_WORDS = ("[bot]", "copilot", "dependabot", "renovate", "github-actions", "cursor agent",
              "devin-ai", "openhands", "codex", "sweep-ai", "coderabbit")  # fmt: skip


def is_bot_signature(name: str, email: str) -> bool:
    """Bots and coding assistants that sign commits: dependabot, Copilot, Claude..."""
    text = f"{name} {email}".lower()
    return any(w in text for w in _BOT_WORDS) or email.lower().endswith("@anthropic.com")


def _login_of(email: str) -> str | None:
    """The login an address names: a noreply address's user, or the user of an address on
    a machine's own host name (``dvir@Dvirs-MBP.lan``)."""
    found = _NOREPLY.match(email)
    if found:
        return found["login"]
    local, _, domain = email.partition("@")
    last = domain.rsplit(".", 1)[-1]
    if local and domain and ("." not in domain or last in _LOCAL_HOSTS or len(last) > 6):
        return local
    return None


def _joined(local: str) -> tuple[str, ...]:
    """``first.last`` run together both ways (``firstlast``, ``lastfirst``): the logins
    people pick from the names in their address; only for two names of 2+ letters each,
    so a short or one-word address never links on a guess."""
    parts = re.split(r"[._-]", local)
    if len(parts) != 2 or min(len(p) for p in parts) < 2 or not all(p.isalpha() for p in parts):
        return ()
    return (parts[0] + parts[1], parts[1] + parts[0])


def _name_key(name: str) -> str | None:
    key = " ".join(name.lower().split())
    return key if len(key) >= 3 and key not in _VAGUE_NAMES else None


@dataclass(slots=True)
class Human:
    """One person: every signature git recorded for them."""

    id: str
    name: str
    login: str | None
    email: str | None  # the address used most
    emails: list[str]
    is_bot: bool


@dataclass(slots=True)
class PeopleIndex:
    """Signatures grouped into people; built once per history before it is loaded."""

    _parent: dict[str, str] = field(default_factory=dict)
    _names: dict[str, Counter[str]] = field(default_factory=dict)
    _uses: Counter[str] = field(default_factory=Counter)
    _bots: set[str] = field(default_factory=set)
    _people: dict[str, Human] | None = None

    def _find(self, key: str) -> str:
        root = key
        while self._parent.setdefault(root, root) != root:
            root = self._parent[root]
        while self._parent[key] != root:
            self._parent[key], key = root, self._parent[key]
        return root

    def _union(self, a: str, b: str) -> None:
        ra, rb = self._find(a), self._find(b)
        if ra != rb:
            self._parent[max(ra, rb)] = min(ra, rb)

    @staticmethod
    def keys(name: str, email: str) -> list[str]:
        """The keys a signature is known by: its address, login and name."""
        email = email.strip().lower()
        keys: list[str] = []
        if "@" in email:
            keys.append(f"email:{email}")
            login = _login_of(email)
            if login:
                keys.append(f"login:{login}")
        name_key = _name_key(name)
        if name_key:
            keys.append(f"name:{name_key}")
        if not keys:
            keys.append(f"name:{name.strip().lower() or 'unknown'}")
        return keys

    def add(self, name: str, email: str, *, is_bot: bool = False) -> None:
        """Record one signature (call for every author and co-author of a history)."""
        self._people = None
        bot = is_bot or is_bot_signature(name, email)
        keys = self.keys(name, email)
        if bot:  # a bot is grouped only by its own address, never with the humans it helps
            keys = keys[:1]
            self._bots.add(keys[0])
        for key in keys:
            self._find(key)
            self._uses[key] += 1
        for key in keys[1:]:
            self._union(keys[0], key)
        self._names.setdefault(keys[0], Counter())[name.strip()] += 1

    def _link_local_parts(self) -> None:
        """An address whose local part is a known login is that login's (gkorland@gmail.com
        and the noreply address of login gkorland), also when the login writes the local
        part's names run together in either order (zimber.dudi@ and login dudizimber)."""
        logins = {k.removeprefix("login:") for k in self._parent if k.startswith("login:")}
        for key in list(self._parent):
            if key.startswith("email:") and key not in self._bots:
                local = key.removeprefix("email:").partition("@")[0]
                for candidate in (local, *_joined(local)):
                    if candidate in logins:
                        self._union(key, f"login:{candidate}")
                        break

    def people(self) -> dict[str, Human]:
        """Every group as a Human, keyed by each of its keys."""
        if self._people is not None:
            return self._people
        self._link_local_parts()
        groups: dict[str, list[str]] = {}
        for key in self._parent:
            groups.setdefault(self._find(key), []).append(key)
        found: dict[str, Human] = {}
        for keys in groups.values():
            human = self._human(keys)
            for key in keys:
                found[key] = human
        self._people = found
        return found

    def _human(self, keys: list[str]) -> Human:
        def top(prefix: str) -> str | None:
            held = [k for k in keys if k.startswith(prefix)]
            if not held:
                return None
            return min(held, key=lambda k: (-self._uses[k], k)).removeprefix(prefix)

        login, email = top("login:"), top("email:")
        names: Counter[str] = Counter()
        for key in keys:
            names.update(self._names.get(key, Counter()))
        name = min(names, key=lambda n: (-names[n], n)) if names else (login or email or "")
        if login:
            pid = f"person:{slugify(login, limit=120)}"
        elif email:
            pid = f"person:{slugify(email, limit=120)}"
        else:
            pid = f"person:{slugify(name or 'unknown', limit=120)}"
        emails = sorted(k.removeprefix("email:") for k in keys if k.startswith("email:"))
        return Human(
            id=pid,
            name=name or login or email or pid,
            login=login,
            email=email,
            emails=emails,
            is_bot=any(k in self._bots for k in keys),
        )

    def find(self, name: str, email: str) -> Human | None:
        """The person a signature belongs to, if any of its keys is known."""
        people = self.people()
        for key in self.keys(name, email):
            if key in people:
                return people[key]
        return None


def index_people(signatures: Iterable[tuple[str, str, bool]]) -> PeopleIndex:
    """A PeopleIndex of (name, e-mail, flagged as bot) signatures."""
    index = PeopleIndex()
    for name, email, bot in signatures:
        index.add(name, email, is_bot=bot)
    return index
