"""Card catalogues as objects: the cards of one game, built from card folders, and a rulebook with more.

A :class:`Catalogue` is a dict (card id -> the card's data, as the TOML files give it) that also
knows the folders it was built from, the file each card came from, and the schema vocabularies it
was checked against. A card rulebook subclasses it to precompute what its hot paths read
(``index``) and to check what a schema cannot say (``check``: referenced cards exist, ...), and
supplies a factory ``make_rulebook(catalogue)`` that builds its :class:`Rulebook` around one
catalogue. Rule code reaches the catalogue of the game being played as ``game.rulebook.cards``,
never through a module global, so two card sets live side by side in one process.

:func:`with_cards` is ``rb.with_cards(folder)``: a NEW rulebook whose catalogue has one more card
folder (each file checked against the same schema, with the same errors naming the file, the card
and the field; a card id already in the catalogue is an error); ``rb`` is unchanged. An added card
joins no default deck (:meth:`Catalogue.dealt`): a game plays it where a deck option, a folder's own
decks or a position file names it, so the shipped games and the notebooks that pin them stay as they are.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from .cards import load_card_folder
from .errors import CardDataError, RuleError, quote

if TYPE_CHECKING:
    from .deckrules import DeckRules
    from .registries import SchemaFile
    from .rulebook import Rulebook


class Catalogue(dict[str, dict]):
    """The cards of one game: card id -> card data, built from card folders (see the module's doc).

    ``data_files``: file names in a card folder that are not card files (Hearthstone's ``decks.toml``:
    a folder's own decks, which its :meth:`check` reads).

    ``schema_dir`` holds ``card.schema.json``; ``folders`` are the card folders in the order they were
    added (the rulebook's own first); ``files`` names the file of each card; ``schema`` is the
    :class:`~tabletop.core.registries.SchemaFile` whose vocabularies the schema must match, checked
    before any card is read. ``factory`` builds the rulebook of a catalogue (set by the rulebook's
    ``make_rulebook``); :func:`with_cards` calls it.
    """

    data_files: tuple[str, ...] = ()

    def __init__(
        self,
        cards: dict[str, dict] | None = None,
        *,
        schema_dir: Path,
        folders: tuple[Path, ...] = (),
        files: dict[str, str] | None = None,
        schema: SchemaFile | None = None,
    ) -> None:
        super().__init__(cards or {})
        self.schema_dir = Path(schema_dir)
        self.folders = folders
        self.files = dict(files or {})
        self.schema = schema
        self.factory: Callable[[Any], Rulebook] | None = None
        self.own = len(folders)
        self.added: frozenset[str] = frozenset()

    # ------------------------------------------------------------ building
    @classmethod
    def load(
        cls,
        schema_dir: Path,
        folders: Iterable[Path | str],
        *,
        schema: SchemaFile | None = None,
        paths: Iterable[Path] | None = None,
        own: int | None = None,
    ) -> Self:
        """The catalogue of ``folders`` (each one's ``*.toml``; ``paths``: the files of the first instead),
        the first ``own`` of them the rulebook's own (default: all).

        Raises CardDataError naming the file, the card and the field; a card id in two folders is one."""
        if schema is not None:
            schema.check(json.loads(schema.path.read_bytes()))
        cat = cls(schema_dir=schema_dir, schema=schema)
        folders = tuple(folders)
        cat.own = len(folders) if own is None else own
        for i, folder in enumerate(folders):
            before = set(cat)
            cat._add(Path(folder), paths if i == 0 else None)
            if i >= cat.own:
                cat.added |= set(cat) - before
        cat.check()
        cat.index()
        return cat

    def _add(self, folder: Path, paths: Iterable[Path] | None) -> None:
        """Read one folder's card files (validated by this catalogue's schema) into the catalogue."""
        if paths is None:
            if folder.is_file() and folder.suffix == ".toml":
                paths = [folder]
            elif folder.is_dir():
                paths = sorted(p for p in folder.glob("*.toml") if p.name not in self.data_files)
                if not paths:
                    raise CardDataError(folder.name, None, None, "no card files (*.toml) in this folder")
            else:
                raise CardDataError(folder.name, None, None, f"no card folder {quote(str(folder))}")
        files: dict[str, str] = {}
        cards = load_card_folder(self.schema_dir, paths, files)
        for cid, card in cards.items():
            if cid in self:
                raise CardDataError(
                    files[cid], cid, "id", f"duplicate card id (also in {self.files[cid]} of another card folder)"
                )
            self[cid] = card
            self.files[cid] = files[cid]
        self.folders = (*self.folders, folder)

    def with_folder(self, folder: Path | str) -> Self:
        """A new catalogue: these folders and one more (this one is unchanged)."""
        new = type(self).load(self.schema_dir, (*self.folders, Path(folder)), schema=self.schema, own=self.own)
        new.factory = self.factory
        return new

    def dealt(self) -> dict[str, dict]:
        """The cards a default deal is made of: the rulebook's own, in id order. Why: a card a teacher adds
        (:func:`with_cards`) must not change every seeded game; it is played where something names it."""
        return {cid: self[cid] for cid in sorted(self) if cid not in self.added}

    # ----------------------------------------------------- rulebook hooks
    def check(self) -> None:
        """What the schema cannot say (referenced cards exist, ...): a rulebook's subclass raises
        CardDataError naming the file (:meth:`file_of`), the card and the field."""

    def index(self) -> None:
        """Precompute what the rulebook's hot paths read (a subclass sets attributes of its own)."""

    # ------------------------------------------ helpers for a check() of decks
    def deck_entries(self, folder: Path, file: str) -> Iterator[tuple[str, Any]]:
        """The ``[[deck]]`` tables of ``folder/file`` as (name, table), one at a time. Why: every rulebook's
        starter-deck file has this shape; raises CardDataError at a deck without a name, and after the last
        when the file holds no deck."""
        data = tomllib.loads((Path(folder) / file).read_text(encoding="utf-8"))
        decks = data.get("deck", [])
        for i, deck in enumerate(decks):
            name = deck.get("name")
            if not isinstance(name, str) or not name:
                raise CardDataError(file, None, f"deck[{i}].name", "a deck needs a name")
            yield name, deck
        if not decks:
            raise CardDataError(file, None, "deck", "no deck")

    def deck_copies(self, file: str, name: str, counts: Any, field: str) -> list[str]:
        """The card ids of a ``card id = copies`` table (``field`` of deck ``name``), each as often as it is
        copied, in id order; raises CardDataError for an unknown card or a count that is not a whole number >= 1."""
        if not isinstance(counts, dict):
            raise CardDataError(file, name, field, "a table of card id = copies")
        for cid, n in counts.items():
            if cid not in self:
                raise CardDataError(file, name, f"{field}.{cid}", f"no card {cid!r} in the catalogue")
            if type(n) is not int or n < 1:
                raise CardDataError(file, name, f"{field}.{cid}", f"{n!r} is not a number of copies")
        return [cid for cid, n in sorted(counts.items()) for _ in range(n)]

    def deck_legal(self, file: str, name: str, rules: DeckRules, deck: Any) -> None:
        """Raise CardDataError listing every violation of ``rules`` by deck ``name`` (none: return)."""
        problems = rules.check(deck, self, name=name)
        if problems:
            raise CardDataError(file, name, None, "; ".join(str(v) for v in problems))

    def file_of(self, card_id: str) -> str:
        """The name of the file the card came from."""
        return self.files.get(card_id, "?")

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__}: {len(self)} cards from {', '.join(f.name for f in self.folders) or 'no folder'}>"
        )

    # (a Catalogue compares as the dict of its cards; it is not hashable, as a dict)


def with_cards(rb: Rulebook, folder: Path | str) -> Rulebook:
    """``rb.with_cards(folder)``: a new rulebook whose catalogue has the cards of ``folder`` too; ``rb`` is unchanged.

    ``folder`` holds TOML card files (``[[card]]`` tables) checked against the rulebook's schema; a
    broken one raises CardDataError naming the file, the card and the field, and a card id the
    rulebook already has is an error."""
    cat = rb.cards
    if not isinstance(cat, Catalogue) or cat.factory is None:
        raise RuleError(f"{rb.id}: its cards are not a catalogue built from card folders, so no folder can be added")
    return cat.factory(cat.with_folder(folder))
