"""A module part's write (`part_slots`): the replaced part is the one `dataclasses.replace` would
build, the old part is left as it was, and a field the part lacks is refused."""

from __future__ import annotations

import dataclasses

import pytest

from bot.engine.letters.parts import LettersBoard, LettersPlayer
from bot.engine.mocha.parts import MochaBoard, MochaPlayer
from bot.engine.part_slots import replacer
from bot.engine.state import Part


@pytest.mark.parametrize("cls", [LettersBoard, LettersPlayer, MochaBoard, MochaPlayer])
def test_a_written_part_equals_what_dataclasses_replace_builds(cls: type[Part]) -> None:
    old = cls()
    first = dataclasses.fields(cls)[0]  # type: ignore[arg-type]
    value = (1, 2) if isinstance(getattr(old, first.name), tuple) else 1
    new = replacer(cls)(old, {first.name: value})
    assert new == dataclasses.replace(old, **{first.name: value})  # type: ignore[type-var]
    assert hash(new) == hash(dataclasses.replace(old, **{first.name: value}))  # type: ignore[type-var]
    assert old == cls() and new is not old
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(new, first.name, value)


def test_a_write_of_a_field_the_part_lacks_is_refused() -> None:
    with pytest.raises(TypeError, match="no field"):
        replacer(LettersPlayer)(LettersPlayer(), {"coffee": 1})


def test_a_part_class_with_a_post_init_is_written_by_dataclasses_replace() -> None:
    @dataclasses.dataclass(frozen=True)
    class Checked(Part):
        n: int = 0

        def __post_init__(self) -> None:
            if self.n < 0:
                raise ValueError("negative")

    assert replacer(Checked)(Checked(), {"n": 2}) == Checked(2)
    with pytest.raises(ValueError, match="negative"):
        replacer(Checked)(Checked(), {"n": -1})
