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
from .analysis import compare_profiles, consequences, explore, orderings, simulate, trigger_chain, why
from .core import (
    CHANCE,
    Ability,
    CardDataError,
    Decision,
    Game,
    GameOver,
    IllegalOption,
    MandatoryLoop,
    ModifierOrder,
    Option,
    Profile,
    Rule,
    Rulebook,
    RulebookOptionError,
    StepBudgetExceeded,
    TabletopError,
    UnknownRulebook,
    UnknownScenario,
)
from .core import rulebook as _rulebook_module
from .core.registry import load_game, rulebook, rulebooks

__version__ = "0.1.0"


def _game_html(game: Game, rulebook: Rulebook) -> str:
    from .render.board import game_html  # loaded when a game is first shown, not at import

    return game_html(game, rulebook)


_rulebook_module.HTML_RENDERER = _game_html

__all__ = [
    "CHANCE",
    "Ability",
    "CardDataError",
    "Decision",
    "Game",
    "GameOver",
    "IllegalOption",
    "MandatoryLoop",
    "ModifierOrder",
    "Option",
    "Profile",
    "Rule",
    "Rulebook",
    "RulebookOptionError",
    "StepBudgetExceeded",
    "TabletopError",
    "UnknownRulebook",
    "UnknownScenario",
    "compare_profiles",
    "consequences",
    "explore",
    "load_game",
    "orderings",
    "rulebook",
    "rulebooks",
    "simulate",
    "trigger_chain",
    "why",
]
