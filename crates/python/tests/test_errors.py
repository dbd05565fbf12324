"""Bad input: Python exceptions with cute's messages, never a crash of the interpreter."""

import pytest

import cutelayout as cute


def test_wrong_arity_is_a_type_error():
    with pytest.raises(TypeError) as e:
        cute.composition(cute.make_layout(4))
    assert isinstance(e.value, cute.CuteError)
    assert "composition takes" in str(e.value)


def test_unknown_keyword_is_a_type_error():
    with pytest.raises(TypeError, match="no parameter 'strid'"):
        cute.make_layout((4, 8), strid=(8, 1))


def test_wrong_type_of_python_object():
    with pytest.raises(TypeError):
        cute.size(4.5)
    with pytest.raises(TypeError):
        cute.size(object())


def test_bad_value_is_a_value_error_with_span():
    with pytest.raises(ValueError) as e:
        cute.make_layout((4, 8), stride=(1, 2, 3))
    err = e.value
    assert isinstance(err, cute.CuteError)
    assert err.statement == "make_layout((4,8), stride=(1,2,3))"
    start, end = err.span
    assert 0 <= start <= end <= len(err.statement)
    assert err.caret.splitlines()[0].strip() == err.statement


def test_argument_named():
    with pytest.raises(cute.CuteError) as e:
        cute.complement(cute.make_layout(4, stride=2), -3)
    assert e.value.argument in (1, None)


def test_big_integers_are_overflow_errors():
    with pytest.raises(OverflowError):
        cute.make_layout(2**70)
    with pytest.raises(OverflowError):
        cute.size((2**40, 2**40))
    with pytest.raises(cute.CuteOverflowError):
        cute.make_layout(-(2**64))


def test_condition_and_law_errors_are_value_errors():
    with pytest.raises(ValueError) as e:
        cute.composition(cute.make_layout((4, 8), stride=(8, 1)), 99)
    assert e.value.kind in ("condition", "law", "value")


def test_deep_nesting_is_a_limit():
    deep = 1
    for _ in range(400):
        deep = (deep,)
    with pytest.raises(cute.LimitError):
        cute.size(deep)


def test_cyclic_list_is_refused():
    x = [1]
    x.append(x)
    with pytest.raises(cute.CuteError):
        cute.size(x)


def test_too_many_arguments():
    with pytest.raises(TypeError):
        cute.make_layout(*range(40))


def test_missing_attribute():
    with pytest.raises(AttributeError):
        cute.make_layout(4).no_such_field
    assert not hasattr(cute.make_layout(4), "_ipython_display_")


def test_not_a_function_name():
    with pytest.raises(TypeError):
        cute._native.call("size(1); x", 3)


def test_no_constructor():
    with pytest.raises(TypeError):
        cute.Layout()


def test_keyword_errors_point_at_the_keyword():
    with pytest.raises(TypeError) as e:
        cute.make_layout((4, 8), stride=(8, 1), mode=[0])
    assert e.value.argument == "mode"
    start, end = e.value.span
    assert e.value.statement[start:end] == "(0)"
    with pytest.raises(cute.ConditionError) as e:
        cute.size(cute.make_layout((4, 8)), mode=[5])
    assert e.value.argument == "mode"


def test_describe_unknown():
    with pytest.raises(cute.CuteValueError):
        cute.describe("no_such_function_here")
