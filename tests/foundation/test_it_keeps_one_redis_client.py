"""The shared cache in Redis keeps one client object per connection pool,
instead of Django's new one for every operation, and still behaves as
Django's cache (fogdip/cache.py)."""

from __future__ import annotations

from django.conf import settings

from fogdip.cache import KeptClientRedisCache
from fogdip.env import cache_setting


def redis_cache() -> KeptClientRedisCache:
    url = settings.CELERY_BROKER_URL.rsplit("/", 1)[0] + "/9"  # a database of its own
    return KeptClientRedisCache(url, {"KEY_PREFIX": "test-kept-client"})


def test_a_redis_url_gives_the_kept_client_cache(monkeypatch):
    monkeypatch.setenv("CACHE_URL", "redis://cache.example:6379/1")
    setting = cache_setting("CACHE_URL", settings.BASE_DIR)
    assert setting == {
        "BACKEND": "fogdip.cache.KeptClientRedisCache",
        "LOCATION": "redis://cache.example:6379/1",
    }


def test_it_counts_as_djangos_cache_does(require_redis):
    cache = redis_cache()
    cache.delete("count")
    assert cache.add("count", 0, timeout=60)
    assert not cache.add("count", 5, timeout=60)
    assert cache.incr("count") == 1
    assert cache.incr("count") == 2
    assert cache.get("count") == 2
    cache.delete("count")
    assert cache.get("count") is None


def test_every_operation_uses_the_one_client(require_redis):
    cache = redis_cache()
    clients = set()
    for write in (False, True, False, True):
        clients.add(id(cache._cache.get_client(write=write)))
    assert len(clients) == 1
