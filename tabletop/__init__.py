"""tabletop: executable, explorable models of tabletop card-game rulebooks.

>>> import tabletop as tt
>>> "memory" in tt.rulebooks()
True
>>> game = tt.rulebook("memory").new_game(seed=7, pairs=3)
>>> game.decision.kind
'action'

``import tabletop`` stays light: no Jupyter library, no plotly, no numpy. Those load when a
widget or a figure is first asked for.
"""

from . import analysis as analysis
from .analysis import (
    compare_options,
    compare_profiles,
    consequences,
    explore,
    load_puzzle,
    orderings,
    simulate,
    solve,
    trigger_chain,
    why,
)
from .core import (
    CHANCE,
    Ability,
    ArgumentTypeError,
    ArgumentValueError,
    CardDataError,
    Decision,
    ForcedLoop,
    Game,
    GameOver,
    IllegalOption,
    LoopStep,
    MandatoryLoop,
    ModifierOrder,
    Option,
    PositionError,
    Profile,
    Rule,
    Rulebook,
    RulebookOptionError,
    SavedGameError,
    StaleOption,
    StepBudgetExceeded,
    TabletopError,
    TimeBudgetExceeded,
    UnknownPuzzle,
    UnknownRulebook,
    UnknownScenario,
)
from .core import rulebook as _rulebook_module
from .core.registry import load_game, load_position, rulebook, rulebooks

__version__ = "0.1.0"


def compiled_modules() -> list[str]:
    """The tabletop modules that run compiled (built by Cython into a wheel; see hatch_build.py).

    Empty in an editable or pure-Python install. A compiled module sits beside its source and is
    the one Python imports, so this is what runs.
    """
    import importlib.machinery
    from pathlib import Path

    package = Path(__file__).parent
    suffixes = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)  # longest first
    found = set()
    for path in package.rglob("*"):
        suffix = next((x for x in suffixes if path.name.endswith(x)), None)
        if suffix:
            parts = path.relative_to(package.parent).parts
            found.add(".".join((*parts[:-1], path.name[: -len(suffix)])))
    return sorted(found)


def _game_html(game: Game, rulebook: Rulebook) -> str:
    from .render.board import game_html  # loaded when a game is first shown, not at import

    return game_html(game, rulebook)


_rulebook_module.HTML_RENDERER = _game_html

__all__ = [
    "CHANCE",
    "Ability",
    "ArgumentTypeError",
    "ArgumentValueError",
    "CardDataError",
    "Decision",
    "ForcedLoop",
    "Game",
    "GameOver",
    "IllegalOption",
    "LoopStep",
    "MandatoryLoop",
    "ModifierOrder",
    "Option",
    "PositionError",
    "Profile",
    "Rule",
    "Rulebook",
    "RulebookOptionError",
    "SavedGameError",
    "StaleOption",
    "StepBudgetExceeded",
    "TabletopError",
    "TimeBudgetExceeded",
    "UnknownPuzzle",
    "UnknownRulebook",
    "UnknownScenario",
    "compare_options",
    "compare_profiles",
    "compiled_modules",
    "consequences",
    "explore",
    "load_game",
    "load_position",
    "load_puzzle",
    "orderings",
    "rulebook",
    "rulebooks",
    "simulate",
    "solve",
    "trigger_chain",
    "why",
]
