"""The shared cache's backend: Django's own Redis cache, except that a Redis that cannot be
reached is a cache *miss* (logged), never an error page.

Everything the site keeps there can be computed again (standings, crosstables, documents by
revision, a team event's core, explanations): without Redis the pages are slower, not
broken, and ``/health/`` says that the cache fails. The password-reset counters are the one
exception: counting (``incr``) still raises, so that no mail goes out unthrottled while the
counters are away.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger("chessclub_web.cache")


class TolerantRedisCache(RedisCache):
    """:class:`~django.core.cache.backends.redis.RedisCache` whose reads miss and whose
    writes do nothing while Redis cannot be reached (each failure logged as a warning)."""

    def _failed(self, operation: str, exc: Exception) -> None:
        logger.warning("cache %s failed (%s): computed without the cache", operation, exc)

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        try:
            return super().get(key, default, version)
        except RedisError as exc:
            self._failed("get", exc)
            return default

    def get_many(self, keys: Any, version: int | None = None) -> dict[Any, Any]:
        try:
            return super().get_many(keys, version)
        except RedisError as exc:
            self._failed("get_many", exc)
            return {}

    def has_key(self, key: Any, version: int | None = None) -> bool:
        try:
            return super().has_key(key, version)
        except RedisError as exc:
            self._failed("has_key", exc)
            return False

    def set(self, key: Any, value: Any, timeout: Any = None, version: int | None = None) -> None:
        try:
            super().set(key, value, timeout, version)
        except RedisError as exc:
            self._failed("set", exc)

    def set_many(self, data: Any, timeout: Any = None, version: int | None = None) -> list[Any]:
        try:
            return super().set_many(data, timeout, version)
        except RedisError as exc:
            self._failed("set_many", exc)
            return list(data)

    def add(self, key: Any, value: Any, timeout: Any = None, version: int | None = None) -> bool:
        try:
            return super().add(key, value, timeout, version)
        except RedisError as exc:
            self._failed("add", exc)
            return False

    def touch(self, key: Any, timeout: Any = None, version: int | None = None) -> bool:
        try:
            return super().touch(key, timeout, version)
        except RedisError as exc:
            self._failed("touch", exc)
            return False

    def delete(self, key: Any, version: int | None = None) -> bool:
        try:
            return super().delete(key, version)
        except RedisError as exc:
            self._failed("delete", exc)
            return False

    def delete_many(self, keys: Any, version: int | None = None) -> None:
        try:
            super().delete_many(keys, version)
        except RedisError as exc:
            self._failed("delete_many", exc)
