"""The selfpoker_v1 vectors under whatever NumPy is installed.

Selected with `-m selfpoker` by the second-NumPy run, which proves the deck
stream did not change between the oldest NumPy 1.x that installs and the
pinned 2.x. Set PFKIT_EXPECT_NUMPY to the version that run installed: the test
then fails, rather than passing quietly, when another NumPy (or none) is used.
"""

import os

import pytest

import pfkit
import vectorlib as V
from pfkit import PfkitError, selfpoker_v1

pytestmark = [pytest.mark.selfpoker, pytest.mark.long]

CASES = V.cases("input", only={"selfpoker_v1"})
ACC = V.cases("accumulate", only={"selfpoker_v1"})


def numpy_or_fail():
    expected = os.environ.get("PFKIT_EXPECT_NUMPY")
    version = selfpoker_v1.numpy_version()
    if expected:
        assert version == expected, f"expected NumPy {expected}, found {version}"
    elif version is None:
        pytest.skip("NumPy is not importable")
    return version


def test_the_expected_numpy_is_used():
    version = numpy_or_fail()
    import numpy
    assert numpy.__version__ == version and selfpoker_v1.resolve_backend() == "numpy"


@pytest.mark.parametrize("backend", ["numpy", "python"])
@pytest.mark.parametrize("name,scheme,op,case", CASES, ids=[c[0] for c in CASES])
def test_case(backend, name, scheme, op, case):
    if backend == "numpy":
        numpy_or_fail()
    if "error" in case:
        with pytest.raises(PfkitError) as e:
            pfkit.call(scheme, op, case["input"], backend=backend)
        assert e.value.code == case["error"]
    else:
        assert V.same(pfkit.call(scheme, op, case["input"], backend=backend), case["expect"])


@pytest.mark.parametrize("backend", ["numpy", "python"])
@pytest.mark.parametrize("name,scheme,op,case", ACC, ids=[c[0] for c in ACC])
def test_accumulated(backend, name, scheme, op, case):
    if backend == "numpy":
        numpy_or_fail()
    acc = case["accumulate"]
    outputs = [pfkit.call(scheme, op, V.recipe(acc["recipe"], i)[2], backend=backend) for i in range(acc["count"])]
    assert V.digest(outputs) == case["expect"]["digest"]


def test_numpy_page_example():
    numpy_or_fail()
    import numpy as np
    deck = np.random.default_rng(1234567890123456789).permutation(52).tolist()
    assert deck[:9] == [20, 27, 29, 16, 43, 14, 44, 13, 12]
    assert selfpoker_v1.deal(1234567890123456789, 2, backend="numpy")["deck"] == deck
