"""The rules kernel: knows no game and imports no Jupyter library."""

from .abilities import Ability, Activation, Modify, Prevent, Replace
from .boardview import Grid, GridBoard, board_view, grid_view
from .decision import CHANCE, Decision, Option, options_by_object
from .deck import Deck, Shuffle, player_decks
from .dice import Die, Face
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
    UnknownPuzzle,
    UnknownRulebook,
    UnknownScenario,
)
from .exercises import BLANK, Exercise, ExerciseError, UnknownExercise, Verdict
from .flow import ends_on_scores, result_value, when_empty
from .game import Game
from .modifiers import Explanation, ModifierOrder, Stage, compute
from .position_files import PositionSpec
from .positions import PositionError
from .profile import Profile
from .rolls import Roll
from .rulebook import EventSpec, OptionSpec, Phase, Rulebook, Scenario, by_name, deck_options
from .rules import Rule, RuleTable
from .scheduling import own_args
from .state import State
from .table import Table
from .tasks import TaskTable, task_name
from .trace import Log, Trace
from .zones import ZoneError, Zones, ZoneSpec

__all__ = [
    "BLANK",
    "CHANCE",
    "Ability",
    "Activation",
    "ArgumentTypeError",
    "ArgumentValueError",
    "CardDataError",
    "Decision",
    "Deck",
    "Die",
    "EventSpec",
    "Exercise",
    "ExerciseError",
    "Explanation",
    "Face",
    "ForcedLoop",
    "Game",
    "GameOver",
    "Grid",
    "GridBoard",
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
    "PositionError",
    "PositionSpec",
    "Prevent",
    "Profile",
    "Replace",
    "Roll",
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
    "UnknownExercise",
    "UnknownPuzzle",
    "UnknownRulebook",
    "UnknownScenario",
    "Verdict",
    "ZoneError",
    "ZoneSpec",
    "Zones",
    "board_view",
    "by_name",
    "compute",
    "deck_options",
    "ends_on_scores",
    "grid_view",
    "options_by_object",
    "own_args",
    "player_decks",
    "result_value",
    "task_name",
    "when_empty",
]
