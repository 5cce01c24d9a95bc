"""The rules kernel: knows no game and imports no Jupyter library."""

from .abilities import Ability, Activation, Modify, Prevent, Replace
from .boardview import Grid, board_view, grid_view
from .decision import CHANCE, Decision, Option, options_by_object
from .deck import Deck, Shuffle, player_decks
from .errors import (
    ArgumentTypeError,
    ArgumentValueError,
    CardDataError,
    ForcedLoop,
    GameOver,
    IllegalOption,
    LoopStep,
    MandatoryLoop,
    PlayersTypeError,
    RulebookOptionError,
    RuleError,
    SavedGameError,
    StaleOption,
    StepBudgetExceeded,
    TabletopError,
    TimeBudgetExceeded,
    UnknownRulebook,
    UnknownScenario,
)
from .game import Game
from .modifiers import Explanation, ModifierOrder, Stage, compute
from .profile import Profile
from .rulebook import OptionSpec, Phase, Rulebook, Scenario, by_name
from .rules import Rule, RuleTable
from .scheduling import own_args
from .state import State
from .table import Table
from .tasks import TaskTable, task_name
from .trace import Log, Trace
from .zones import ZoneError, Zones, ZoneSpec

__all__ = [
    "CHANCE",
    "Ability",
    "Activation",
    "ArgumentTypeError",
    "ArgumentValueError",
    "CardDataError",
    "Decision",
    "Deck",
    "Explanation",
    "ForcedLoop",
    "Game",
    "GameOver",
    "Grid",
    "IllegalOption",
    "Log",
    "LoopStep",
    "MandatoryLoop",
    "ModifierOrder",
    "Modify",
    "Option",
    "OptionSpec",
    "Phase",
    "PlayersTypeError",
    "Prevent",
    "Profile",
    "Replace",
    "Rule",
    "RuleError",
    "RuleTable",
    "Rulebook",
    "RulebookOptionError",
    "SavedGameError",
    "Scenario",
    "Shuffle",
    "Stage",
    "StaleOption",
    "State",
    "StepBudgetExceeded",
    "Table",
    "TabletopError",
    "TaskTable",
    "TimeBudgetExceeded",
    "Trace",
    "UnknownRulebook",
    "UnknownScenario",
    "ZoneError",
    "ZoneSpec",
    "Zones",
    "board_view",
    "by_name",
    "compute",
    "grid_view",
    "options_by_object",
    "own_args",
    "player_decks",
    "task_name",
]
