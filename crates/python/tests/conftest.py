import pathlib

import pytest

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parents[2]


@pytest.fixture(scope="session")
def repo():
    return REPO
