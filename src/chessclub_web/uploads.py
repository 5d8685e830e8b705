"""Uploads are small tournament files: anything above :data:`MAX_UPLOAD_SIZE` is refused.

:class:`SizeLimitUploadHandler` comes first in ``FILE_UPLOAD_HANDLERS``: it counts each uploaded
file's bytes as they arrive and, past the limit, drops the file (the rest of it is read and
thrown away, never kept in memory or on disk) and notes its field name in
``request.oversized_uploads``; the form then says the file is too large. Nothing is truncated.
"""

from __future__ import annotations

from typing import Any

from django.core.files.uploadhandler import FileUploadHandler, SkipFile

MAX_UPLOAD_SIZE = 5 * 1024 * 1024  # 5 MB


def oversized_uploads(request: object) -> set[str]:
    """Names of the file fields of ``request`` that were dropped for being too large."""
    return getattr(request, "oversized_uploads", set())


class SizeLimitUploadHandler(FileUploadHandler):
    """Drop any uploaded file larger than :attr:`limit` (:data:`MAX_UPLOAD_SIZE`)."""

    limit = MAX_UPLOAD_SIZE

    def new_file(self, field_name: str, *args: Any, **kwargs: Any) -> None:
        super().new_file(field_name, *args, **kwargs)
        self.received = 0

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        self.received += len(raw_data)
        if self.received > self.limit:
            if self.request is not None:
                # An attribute of the request's own, read by oversized_uploads().
                dropped: set[str] = vars(self.request).setdefault("oversized_uploads", set())
                dropped.add(self.field_name)
            raise SkipFile
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None  # the next handlers build the file


def limited_to(request: object, limit: int) -> None:
    """Make ``request``'s uploads refuse files above ``limit`` bytes instead of
    :data:`MAX_UPLOAD_SIZE` (a federation's whole list is bigger than a tournament file). Call
    it before the body is read (``request.POST`` / ``FILES``), in a view exempt from the CSRF
    middleware that checks CSRF itself afterwards."""
    handler = type("LimitedUploadHandler", (SizeLimitUploadHandler,), {"limit": limit})
    handlers = request.upload_handlers  # type: ignore[attr-defined]
    request.upload_handlers = [  # type: ignore[attr-defined]
        handler(request),
        *(h for h in handlers if not isinstance(h, SizeLimitUploadHandler)),
    ]
