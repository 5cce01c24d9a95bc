"""Known answers for the random streams: the same seed gives the same draws on every machine.

The README promises it, so the first outputs are pinned twice: against SplitMix64 written out
here from its published description (Steele, Lea and Flood 2014; Vigna's ``splitmix64.c``) with
its three constants, and as literal values (including the published test vectors for seeds 0
and 1234567), so a change of the algorithm, of the seeding or of the mapping to an index fails.
"""

from __future__ import annotations

import hashlib

import pytest

from tabletop.core import CHANCE, Profile, rng

from .toybook import game_of, log

GOLDEN_GAMMA = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
M64 = 2**64


def splitmix64(state: int, count: int) -> list[int]:
    """The reference generator: ``count`` outputs from ``state``, arithmetic mod 2**64 written out."""
    out = []
    for _ in range(count):
        state = (state + GOLDEN_GAMMA) % M64
        z = state
        z = ((z ^ (z >> 30)) * MIX1) % M64
        z = ((z ^ (z >> 27)) * MIX2) % M64
        out.append(z ^ (z >> 31))
    return out


def reference_seed(seed: int | str, name: str) -> int:
    """The documented seeding: the 8-byte BLAKE2b digest of ``"<seed>/<name>"``, read little-endian."""
    return int.from_bytes(hashlib.blake2b(f"{seed}/{name}".encode(), digest_size=8).digest(), "little")


def outputs(state: int, count: int) -> list[int]:
    out = []
    for _ in range(count):
        state, bits = rng.next_u64(state)
        out.append(bits)
    return out


def test_the_published_test_vectors():
    assert splitmix64(0, 1) == [0xE220A8397B1DCDAF]
    assert splitmix64(1234567, 5) == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]
    assert outputs(0, 1) == splitmix64(0, 1)
    assert outputs(1234567, 5) == splitmix64(1234567, 5)


SEEDED = [  # (seed, stream name, initial stream value, its first three outputs)
    (0, "chance", 0xDC2C54D479E4E28E, [0x2D9348BCD74A250D, 0x61CA023599410B46, 0x4669408A79DAC044]),
    (7, "deck:0", 0x603501AFE7B0598E, [0xC5CFB54C77EF1CA3, 0xECD9F42783907B01, 0x6389B1EF0CA7F9D7]),
    ("s", "x", 0x72E078EEEF004842, [0x2FE8D27FE1E9919C, 0xF3CBEFB345E0E14E, 0x403D23AFAB365A37]),
    (42, "shuffle", 0x67B8C0D15D248E4D, [0xF67098B033B578A0, 0xDE0316307B23F3A0, 0xEAD48AF468AC9449]),
]


@pytest.mark.parametrize(("seed", "name", "initial", "first"), SEEDED)
def test_seeded_streams_give_pinned_outputs(seed, name, initial, first):
    assert rng.seed_stream(seed, name) == reference_seed(seed, name) == initial
    assert outputs(initial, 3) == splitmix64(initial, 3) == first


@pytest.mark.parametrize(("seed", "name", "uniform", "weighted"), [(0, "chance", 1, 0), (7, "deck:0", 4, 1)])
def test_draws_map_the_first_output_to_an_index(seed, name, uniform, weighted):
    """A uniform draw of n takes the high part of bits * n; a weighted one the first running total above u."""
    initial = rng.seed_stream(seed, name)
    bits = splitmix64(initial, 1)[0]
    after = (initial + GOLDEN_GAMMA) % M64
    assert (bits * 6) >> 64 == uniform
    assert rng.draw_index(initial, None, 6) == (after, uniform)
    u = bits / M64
    assert (0 if u < 0.45 else 1 if u < 0.9 else 2) == weighted
    assert rng.draw_index(initial, [0.45, 0.45, 0.1], 3) == (after, weighted)


def test_a_game_draws_its_chance_outcomes_from_the_named_stream():
    """A die rolled in a game seeded 7 on stream ``deck:0`` shows the face the pinned stream gives (index 4: a 5)."""

    def roll(game):
        faces = [{"id": str(k), "label": str(k)} for k in range(1, 7)]
        game.ask(CHANCE, "roll", faces, "toy.rolled", prompt="roll", stream="deck:0")

    def rolled(game, args):
        log(game, args["choice"]["id"])

    for tracing in (True, False):
        game = game_of(Profile(), [], seed=7, scripts={"roll": roll}, tasks={"toy.rolled": rolled}, tracing=tracing)
        game.apply("go:roll")
        assert game.state.vars["log"] == ["5"]
        assert game.state.rng["deck:0"] == (0x603501AFE7B0598E + GOLDEN_GAMMA) % M64
