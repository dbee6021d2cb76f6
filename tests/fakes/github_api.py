"""A fake GitHub REST v3 API (the issue subset the bot uses), for httpx or any client.

Routes, with GitHub's status codes and JSON shapes (reads: ``GET .../issues`` with
``state``/``since``/``per_page``/``page`` and a ``Link`` header, ``GET .../issues/{n}/comments``,
``GET .../pulls/{n}`` and its ``files``, ``reviews`` and ``comments``, each with an ``ETag``
and 304 on ``If-None-Match``; ``rate_limited`` makes the next reads a 403 with
``X-RateLimit-Reset``):
``GET|PATCH /repos/{owner}/{repo}/issues/{n}``, ``POST /repos/{owner}/{repo}/issues``,
``POST .../issues/{n}/labels`` (200, every label now on the issue),
``DELETE .../issues/{n}/labels/{name}``, ``POST .../issues/{n}/comments`` (201 comment),
``POST .../issues/{n}/assignees`` (201 issue), and what a token check reads:
``GET /user`` (the authenticated account) and ``GET /repos/{owner}/{repo}``. Requests
need ``Authorization: Bearer <t>`` or ``token <t>``: a wrong token is 401 ``Bad
credentials``. Unknown repos and issues are 404 ``Not Found``: the test seeds what
exists with ``add_repo`` / ``add_issue``.
"""

from __future__ import annotations

import hashlib
import json
import time
import zlib
from collections.abc import Callable, Iterable
from typing import Any

from aiohttp import web

from ._server import Call, FakeServer, bearer_token

__all__ = ["FakeGitHubAPI", "GitHubHandler"]

GitHubHandler = Callable[[Call], tuple[int, Any] | None]
"""Canned behaviour: ``(call) -> (status, json_body)``, or ``None`` for the default reply."""

_DOCS = "https://docs.github.com/rest"
_CREATED = "2024-01-01T00:00:00Z"


def _github_error(status: int, message: str, docs: str = _DOCS, **extra: Any) -> web.Response:
    body = {"message": message, "documentation_url": docs, "status": str(status), **extra}
    return _json(body, status)


def _json(body: Any, status: int = 200) -> web.Response:
    return web.json_response(
        body,
        status=status,
        headers={
            "X-GitHub-Request-Id": "FAKE:0001",
            "X-GitHub-Media-Type": "github.v3; format=json",
            "X-RateLimit-Limit": "5000",
            "X-RateLimit-Remaining": "4999",
        },
    )


class FakeGitHubAPI(FakeServer):
    """A local GitHub issues API with seeded repos and issues; records every request.

    ``token`` is the one accepted credential. ``handler``, when given, sees each recorded
    call first and may answer it with ``(status, body)``; ``None`` falls through.
    """

    def __init__(
        self,
        *,
        token: str = "ghp_fake",
        login: str = "hivebrain[bot]",
        handler: GitHubHandler | None = None,
    ) -> None:
        super().__init__()
        self.token = token
        self.login = login
        self.handler = handler
        self.repos: set[str] = set()
        self.issues: dict[tuple[str, int], dict[str, Any]] = {}
        self.comments: dict[tuple[str, int], list[dict[str, Any]]] = {}
        self._next_id = 1000
        # the read side the repository source uses: pull requests and their threads
        self.pulls: dict[tuple[str, int], dict[str, Any]] = {}
        #: Answer the next this-many reads with a rate-limit 403 (reset one second on).
        self.rate_limited = 0
        #: Items per page when the client asks for more (GitHub's cap is 100).
        self.page_cap = 100

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT``, the API root (like ``https://api.github.com``)."""
        return self.origin

    def calls_to(self, method: str, path: str) -> list[Call]:
        """The recorded calls with this HTTP method and exact path."""
        return [c for c in self.calls if c["method"] == method.upper() and c["path"] == path]

    def add_repo(self, repo: str) -> None:
        """Make ``owner/name`` exist (with no issues)."""
        self.repos.add(repo)

    def add_issue(
        self,
        repo: str,
        number: int,
        *,
        title: str = "An issue",
        body: str = "",
        state: str = "open",
        labels: Iterable[str] = (),
        assignees: Iterable[str] = (),
    ) -> dict[str, Any]:
        """Make issue ``number`` exist in ``repo`` (the repo too); returns the issue JSON."""
        self.repos.add(repo)
        issue = {
            "id": self._id(),
            "node_id": f"I_fake{number}",
            "number": number,
            "url": f"{self._origin_or_blank()}/repos/{repo}/issues/{number}",
            "html_url": f"https://github.com/{repo}/issues/{number}",
            "title": title,
            "body": body,
            "state": state,
            "state_reason": None,
            "user": _user("octocat"),
            "labels": [],
            "assignee": None,
            "assignees": [],
            "milestone": None,
            "locked": False,
            "comments": 0,
            "created_at": _CREATED,
            "updated_at": _CREATED,
            "closed_at": None,
            "author_association": "OWNER",
        }
        self.issues[(repo, number)] = issue
        self.comments.setdefault((repo, number), [])
        self._add_labels(repo, issue, labels)
        self._set_assignees(issue, [*assignees])
        return issue

    def add_pull(
        self,
        repo: str,
        number: int,
        *,
        title: str,
        body: str = "",
        user: str = "octocat",
        merged_at: str | None = None,
        files: Iterable[str] = (),
        reviews: Iterable[tuple[str, str, str]] = (),
        review_comments: Iterable[tuple[str, str, str]] = (),
        labels: Iterable[str] = (),
        updated_at: str = _CREATED,
    ) -> dict[str, Any]:
        """A pull request (listed among the issues, as GitHub lists them). ``reviews`` and
        ``review_comments`` are (login, body, ISO time); ``reviews`` are APPROVED."""
        issue = self.add_issue(repo, number, title=title, body=body, labels=labels)
        issue["user"] = _user(user)
        issue["updated_at"] = updated_at
        issue["state"] = "closed" if merged_at else "open"
        issue["closed_at"] = merged_at
        issue["pull_request"] = {
            "url": f"{self._origin_or_blank()}/repos/{repo}/pulls/{number}",
            "merged_at": merged_at,
        }
        pull = {
            "number": number, "title": title, "body": body, "user": _user(user),
            "state": issue["state"], "merged_at": merged_at, "created_at": _CREATED,
            "updated_at": updated_at, "html_url": f"https://github.com/{repo}/pull/{number}",
            "files": [{"filename": f, "additions": 1, "deletions": 0, "status": "modified"}
                      for f in files],
            "reviews": [{"id": self._id(), "user": _user(u), "body": b, "state": "APPROVED",
                         "submitted_at": at} for u, b, at in reviews],
            "review_comments": [{"id": self._id(), "user": _user(u), "body": b,
                                 "created_at": at, "path": next(iter(files), "")}
                                for u, b, at in review_comments],
        }  # fmt: skip
        self.pulls[(repo, number)] = pull
        return pull

    def add_issue_comment(self, repo: str, number: int, user: str, body: str, at: str) -> None:
        """A comment on issue or pull request ``number`` by ``user`` at ISO time ``at``."""
        issue = self.issues[(repo, number)]
        comment = self._add_comment(repo, issue, body)
        comment["user"], comment["created_at"] = _user(user), at

    def add_routes(self, app: web.Application) -> None:
        base = "/repos/{owner}/{repo}/issues"
        app.router.add_get(base, self._read)
        app.router.add_get(base + "/{number:\\d+}/comments", self._read)
        pulls = "/repos/{owner}/{repo}/pulls/{number:\\d+}"
        app.router.add_get(pulls, self._read)
        app.router.add_get(pulls + "/{what:files|reviews|comments}", self._read)
        app.router.add_post(base, self._dispatch)
        app.router.add_get(base + "/{number:\\d+}", self._dispatch)
        app.router.add_patch(base + "/{number:\\d+}", self._dispatch)
        app.router.add_post(
            base + "/{number:\\d+}/{what:labels|comments|assignees}", self._dispatch
        )
        app.router.add_delete(base + "/{number:\\d+}/labels/{name}", self._dispatch)
        app.router.add_get("/user", self._whoami)
        app.router.add_get("/repos/{owner}/{repo}", self._repo)
        app.router.add_route("*", "/{tail:.*}", self._unknown)

    async def _read(self, request: web.Request) -> web.Response:
        """The read side: lists paginated by ``per_page``/``page`` with a ``Link`` header,
        an ``ETag`` on each answer and 304 for a matching ``If-None-Match``."""
        call = await self.record(request)
        if (refusal := self._refusal(call)) is not None:
            return refusal
        if self.rate_limited > 0:
            self.rate_limited -= 1
            reset = int(time.time()) + 1
            response = _github_error(403, "API rate limit exceeded for user ID 1.")
            response.headers["X-RateLimit-Remaining"] = "0"
            response.headers["X-RateLimit-Reset"] = str(reset)
            return response
        info = request.match_info
        repo = f"{info['owner']}/{info['repo']}"
        if repo not in self.repos:
            return _github_error(404, "Not Found")
        path = request.path
        number = int(info["number"]) if "number" in info else None
        items: Any
        if number is None:
            since = request.query.get("since")
            found = [i for (r, _), i in self.issues.items() if r == repo]
            found = [i for i in found if since is None or i["updated_at"] >= since]
            items = sorted(found, key=lambda i: (i["updated_at"], i["number"]))
        elif path.endswith("/comments") and "/issues/" in path:
            items = self.comments.get((repo, number), [])
        else:
            pull = self.pulls.get((repo, number))
            if pull is None:
                return _github_error(404, "Not Found")
            what = info.get("what")
            if what is None:
                single = {k: v for k, v in pull.items()
                          if k not in ("files", "reviews", "review_comments")}  # fmt: skip
                return self._tagged(request, single, None)
            items = pull["review_comments" if what == "comments" else what]
        per_page = min(int(request.query.get("per_page", "30")), self.page_cap)
        page = int(request.query.get("page", "1"))
        chunk = items[(page - 1) * per_page : page * per_page]
        last = max(1, -(-len(items) // per_page))
        link = None
        if page < last:
            query = dict(request.query)
            query["page"] = str(page + 1)
            nxt = request.url.with_query(query)
            query["page"] = str(last)
            link = f'<{nxt}>; rel="next", <{request.url.with_query(query)}>; rel="last"'
        return self._tagged(request, chunk, link)

    def _tagged(self, request: web.Request, body: Any, link: str | None) -> web.Response:
        etag = 'W/"' + hashlib.sha1(json.dumps(body, sort_keys=True).encode()).hexdigest() + '"'
        if request.headers.get("If-None-Match") == etag:
            return web.Response(status=304, headers={"ETag": etag})
        response = _json(body)
        response.headers["ETag"] = etag
        if link:
            response.headers["Link"] = link
        return response

    async def _unknown(self, request: web.Request) -> web.Response:
        await self.record(request)
        return _github_error(404, "Not Found")

    def _refusal(self, call: Call) -> web.Response | None:
        token = bearer_token(call["headers"])
        if token is None:
            return _github_error(401, "Requires authentication")
        if token != self.token:
            return _github_error(401, "Bad credentials")
        return None

    async def _whoami(self, request: web.Request) -> web.Response:
        call = await self.record(request)
        return self._refusal(call) or _json(_user(self.login))

    async def _repo(self, request: web.Request) -> web.Response:
        call = await self.record(request)
        if (refusal := self._refusal(call)) is not None:
            return refusal
        repo = f"{request.match_info['owner']}/{request.match_info['repo']}"
        if repo not in self.repos:
            return _github_error(404, "Not Found", f"{_DOCS}/repos/repos#get-a-repository")
        owner = request.match_info["owner"]
        return _json({"id": zlib.crc32(repo.encode()), "full_name": repo, "owner": _user(owner)})

    async def _dispatch(self, request: web.Request) -> web.Response:
        call = await self.record(request)
        if (refusal := self._refusal(call)) is not None:
            return refusal
        if self.handler is not None and (canned := self.handler(call)) is not None:
            return _json(canned[1], canned[0])
        info = request.match_info
        repo = f"{info['owner']}/{info['repo']}"
        if repo not in self.repos:
            return _github_error(404, "Not Found", f"{_DOCS}/issues/issues#get-an-issue")
        body = call["body"] if call["body"] is not None else {}
        if "number" not in info:
            return self._create_issue(repo, body)
        issue = self.issues.get((repo, int(info["number"])))
        if issue is None:
            return _github_error(404, "Not Found", f"{_DOCS}/issues/issues#get-an-issue")
        what = info.get("what")
        if request.method == "GET":
            return _json(issue)
        if request.method == "PATCH":
            return self._update_issue(issue, body)
        if request.method == "DELETE":
            return self._remove_label(issue, info["name"])
        if what == "labels":
            labels = body if isinstance(body, list) else body.get("labels")
            if not isinstance(labels, list) or not all(isinstance(x, str) for x in labels):
                return _validation_failed("labels")
            self._add_labels(repo, issue, labels)
            return _json(issue["labels"])
        if what == "comments":
            if not isinstance(body, dict) or not isinstance(body.get("body"), str):
                return _validation_failed("body")
            return _json(self._add_comment(repo, issue, body["body"]), 201)
        assignees = body.get("assignees") if isinstance(body, dict) else None
        if not isinstance(assignees, list):
            return _validation_failed("assignees")
        self._set_assignees(issue, [*(a["login"] for a in issue["assignees"]), *assignees])
        return _json(issue, 201)

    def _create_issue(self, repo: str, body: Any) -> web.Response:
        if not isinstance(body, dict) or not body.get("title"):
            return _validation_failed("title")
        number = 1 + max((n for r, n in self.issues if r == repo), default=0)
        issue = self.add_issue(
            repo,
            number,
            title=body["title"],
            body=body.get("body") or "",
            labels=body.get("labels", []),
            assignees=body.get("assignees", []),
        )
        issue["user"] = _user(self.login)
        return _json(issue, 201)

    def _update_issue(self, issue: dict[str, Any], body: Any) -> web.Response:
        if not isinstance(body, dict):
            return _validation_failed("body")
        for key in ("title", "body", "state", "state_reason"):
            if key in body:
                issue[key] = body[key]
        issue["closed_at"] = _CREATED if issue["state"] == "closed" else None
        return _json(issue)

    def _remove_label(self, issue: dict[str, Any], name: str) -> web.Response:
        if not any(label["name"] == name for label in issue["labels"]):
            return _github_error(
                404, "Label does not exist", f"{_DOCS}/issues/labels#remove-a-label-from-an-issue"
            )
        issue["labels"] = [label for label in issue["labels"] if label["name"] != name]
        return _json(issue["labels"])

    def _add_labels(self, repo: str, issue: dict[str, Any], names: Iterable[str]) -> None:
        have = {label["name"] for label in issue["labels"]}
        for name in names:
            if name not in have:
                have.add(name)
                issue["labels"].append(
                    {
                        "id": self._id(),
                        "node_id": f"LA_fake{name}",
                        "url": f"{self._origin_or_blank()}/repos/{repo}/labels/{name}",
                        "name": name,
                        "description": None,
                        "color": "ededed",
                        "default": False,
                    }
                )

    def _set_assignees(self, issue: dict[str, Any], logins: list[str]) -> None:
        unique = list(dict.fromkeys(logins))
        issue["assignees"] = [_user(login) for login in unique]
        issue["assignee"] = issue["assignees"][0] if unique else None

    def _add_comment(self, repo: str, issue: dict[str, Any], text: str) -> dict[str, Any]:
        comment_id = self._id()
        comment = {
            "id": comment_id,
            "node_id": f"IC_fake{comment_id}",
            "url": f"{self.origin}/repos/{repo}/issues/comments/{comment_id}",
            "html_url": f"{issue['html_url']}#issuecomment-{comment_id}",
            "issue_url": f"{self.origin}/repos/{repo}/issues/{issue['number']}",
            "body": text,
            "user": _user(self.login),
            "created_at": _CREATED,
            "updated_at": _CREATED,
            "author_association": "NONE",
        }
        self.comments[(repo, issue["number"])].append(comment)
        issue["comments"] += 1
        return comment

    def _id(self) -> int:
        self._next_id += 1
        return self._next_id

    def _origin_or_blank(self) -> str:
        # Seeding may happen before the server starts, when there is no port yet.
        return self.origin if self._port is not None else ""


def _user(login: str) -> dict[str, Any]:
    return {
        "login": login,
        "id": zlib.crc32(login.encode()) % 10_000_000,
        "node_id": f"U_fake{login}",
        "type": "Bot" if login.endswith("[bot]") else "User",
        "site_admin": False,
        "html_url": f"https://github.com/{login}",
    }


def _validation_failed(field_name: str) -> web.Response:
    return _github_error(
        422,
        "Validation Failed",
        f"{_DOCS}/issues",
        errors=[{"resource": "Issue", "code": "invalid", "field": field_name}],
    )
