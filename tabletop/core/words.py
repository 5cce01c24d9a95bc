"""How the package words a count in its messages and reprs: "1 choice", "2 choices"."""

from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun``, plural unless ``n`` is 1 (``plural`` for a noun not made plural by an "s").

    >>> counted(1, "choice"), counted(3, "choice"), counted(0, "position"), counted(2, "ply", "plies")
    ('1 choice', '3 choices', '0 positions', '2 plies')
    """
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
