"""A clock that returns a naive datetime is read as local time (newcomer14 M2: `clock=datetime.now` under
TZ=Asia/Shanghai stamped memories 8 hours ahead; a real-time correction a minute later then lost to the "newer"
value). Aware clocks are unchanged."""

from __future__ import annotations

import os
import time
from datetime import UTC, datetime, timedelta, timezone

import pytest

from langmem_nodes.context import now_from


@pytest.fixture
def shanghai():
    old = os.environ.get("TZ")
    os.environ["TZ"] = "Asia/Shanghai"
    time.tzset()
    yield
    if old is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = old
    time.tzset()


def test_a_naive_clock_is_local_time(shanghai):
    local = datetime(2026, 12, 6, 20, 0)  # 20:00 in Shanghai = 12:00 UTC
    assert now_from(lambda: local) == datetime(2026, 12, 6, 12, 0, tzinfo=UTC)


def test_datetime_now_as_the_clock_is_the_real_time(shanghai):
    assert abs(now_from(datetime.now) - datetime.now(UTC)) < timedelta(seconds=5)


def test_aware_clocks_keep_their_instant(shanghai):
    cet = timezone(timedelta(hours=1))
    assert now_from(lambda: datetime(2026, 1, 1, 13, 0, tzinfo=cet)) == datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
    assert now_from(None).tzinfo is not None

