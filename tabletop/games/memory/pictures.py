"""What each memory picture looks like on the board: a colour, a shape and a short word for both.

The text's cards are minion stickers (L1520-1521), 28 different pairs; the board draws each picture as a
shape filled with a colour and names it in words ("blue star"), so a student tells the pictures apart by
shape and word as well as by colour (no emoji fonts, nothing that needs colour vision alone).

Seven shapes and eight colours: picture ``k`` has shape ``k mod 7`` and colour ``k mod 8``, so the 28
pictures are 28 different pairs of (shape, colour) and any seven in a row differ in both. The colours are
the Okabe-Ito palette, chosen to stay distinct for the common kinds of colour blindness.
"""

from __future__ import annotations

SHAPES = ("circle", "square", "triangle", "star", "diamond", "cross", "hexagon")
COLOURS = (  # (word, fill): Okabe & Ito, "Color Universal Design" (2002)
    ("orange", "#E69F00"),
    ("sky", "#56B4E9"),
    ("green", "#009E73"),
    ("yellow", "#F0E442"),
    ("blue", "#0072B2"),
    ("red", "#D55E00"),
    ("pink", "#CC79A7"),
    ("black", "#1a1a1a"),
)


def picture(k: int) -> dict:
    """Picture ``k`` as the board draws it: ``{"shape", "colour", "word"}``."""
    shape = SHAPES[k % len(SHAPES)]
    word, fill = COLOURS[k % len(COLOURS)]
    return {"shape": shape, "colour": fill, "word": f"{word} {shape}"}


def picture_name(k: int) -> str:
    """Picture ``k`` in words: "blue star"."""
    return picture(k)["word"]
