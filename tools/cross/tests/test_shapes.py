"""The shapes tools/cross/shapes.py and tools/cross/streams.py feed the readers are what
they claim: each exactly its size, JSON, and at-bounds just inside LIM-5.

Pins: LIM-3, LIM-5
"""

import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import shapes  # noqa: E402
import streams  # noqa: E402


def counts(v):
    """(values, objects and members) as LIM-5 counts them, walked by hand."""
    values, objects = 1, 0
    if isinstance(v, dict):
        objects += 1 + len(v)
        for x in v.values():
            a, b = counts(x)
            values, objects = values + a, objects + b
    elif isinstance(v, list):
        for x in v:
            a, b = counts(x)
            values, objects = values + a, objects + b
    return values, objects


@pytest.mark.parametrize("shape", shapes.SHAPES)
def test_records_and_lines_are_json_of_their_size(shape):
    size = shapes.RECORD if shape == "at-bounds" else 1 << 20  # its values alone take 2 MiB
    data = shapes.record(shape, size)
    assert len(data) == size
    json.loads(data)
    if shape != "wrong":
        line = shapes.line(shape)
        assert len(line) == shapes.LINE and b"\n" not in line
        json.loads(line)


def test_at_bounds_is_just_inside_lim5():
    values, objects = counts(json.loads(shapes.record("at-bounds")))
    assert (1 << 20) - 200 < values <= 1 << 20 and (1 << 16) - 200 < objects <= 1 << 16
    values, objects = counts(json.loads(shapes.line("at-bounds")))
    assert (1 << 16) - 200 < values <= 1 << 16 and (1 << 12) - 200 < objects <= 1 << 12


def test_wrong_is_the_largest_backgammon_record():
    doc = json.loads(shapes.record("wrong"))
    assert len(doc["games"]) == 100 and all(len(g["rolls"]) == 1000 for g in doc["games"])


@pytest.mark.parametrize("shape", streams.STREAM_SHAPES)
def test_streams_are_json_of_their_size(shape):
    data = b"".join(streams.long_value(3 << 20, shape))
    assert len(data) == 3 << 20
    json.loads(data)
