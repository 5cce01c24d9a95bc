"""Rule references of Warlord: Saga of the Storm, citing 004_445e52d7fb23d2a0.txt by line.

The seed holds the basic rulebook twice: copy A (L1-L113) and the complete copy B (L150-L283), which adds
the class-symbol lists and the menu of orders (L231-L236). A rule found in both copies cites both (``_b``
maps a line of copy A to its line in copy B); a rule found only in copy B says so. Every gap of the text
(the 25 ambiguities of the digest's section 11, and the cards and turn limit it does not give) is an
assumption of its own, ``assumption=True``; those from general knowledge rather than from the text are also
``outside_text=True``. Each names the option that switches its reading (``option``), or says why no other
reading would change an outcome (``fixed``).
"""

from tabletop.core import RuleTable
from tabletop.core.rules import Rule, Seed

SEED = "004_445e52d7fb23d2a0.txt"

_r, _a = Seed(SEED).rule, Seed(SEED).assumption  # (every rule cites SEED by line)


def copy_b(line: int) -> int:
    """The line of copy B holding the sentence of line ``line`` of copy A (the copies differ by the lists
    copy B adds: L164-L168, L180-L184, L192-L196 and L231-L236)."""
    if not 1 <= line <= 113:
        raise ValueError(f"line {line} is not in copy A (L1-L113)")
    for last, shift in ((14, 149), (25, 154), (32, 159), (66, 164), (113, 170)):
        if line <= last:
            return line + shift
    raise AssertionError(line)


def _b(first: int, last: int | None = None) -> tuple[tuple[int, int], tuple[int, int]]:
    """Lines ``first``-``last`` of copy A and the same sentences in copy B (both copies agree)."""
    last = first if last is None else last
    return ((first, last), (copy_b(first), copy_b(last)))


RULES = RuleTable(
    [
        # ------------------------------------------------------------ victory, cards, deck (L5-L34, L92)
        _r(
            "wl.victory",
            "A player whose Warlord is killed leaves the game; the last player left in the game wins. Each player "
            "plays for himself, two or more of them.",
            "В случае если Командующий игрока убит, этот игрок выходит из игры. Последний игрок, оставшийся в игре",
            _b(5),
        ),
        _r(
            "wl.types",
            "Three card types: characters, items and actions; higher numbers are always better.",
            "три общих типа карт: персонажи, предметы и действия",
            _b(7),
        ),
        _r(
            "wl.character",
            "A character has a name, one ATK per strike (several separated by a slash), an armor class (AC), a "
            "level, class and alignment, traits (the first its faction), game text, a skill and hit points.",
            "Некоторые персонажи могут наносить больше одного удара при атаке",
            _b(11),
        ),
        _r(
            "wl.classes",
            "The class symbols: gauntlet a fighter, flash a cleric, scroll a wizard, palm a rogue, oval none of "
            "them (copy B only: copy A leaves out the list).",
            "Латная рукавица: Воин; Вспышка: Священник; Свиток: Волшебник; Ладонь: Плут",
            (164, 168),
        ),
        _r(
            "wl.alignment",
            "The symbol's colour is the alignment: white good, black evil.",
            "Белые символы говорят о том, что эти персонажи добрые",
            _b(15),
        ),
        _r(
            "wl.traits",
            "Bold words are traits; the first trait is the character's faction.",
            "Первая особенность, указанная на персонаже, отражает фракцию персонажа",
            _b(16),
        ),
        _r(
            "wl.skill",
            "Skill: the number in the blue pentagon, for actions outside the character's profession.",
            "Номер в синем пятиугольнике показывает насколько искусен персонаж",
            _b(19),
        ),
        _r(
            "wl.hit_points",
            "Hit points: how many wounds kill the character; one wound kills most characters.",
            "Одно ранение убивает большинство персонажей",
            _b(20),
        ),
        _r(
            "wl.item",
            "Items change the holder's ATK and AC where they print a number, require the holder's class, and a "
            "character holds one item of each trait (one Weapon, one Armor).",
            "Некоторые предметы влияют на ATK и/или AC персонажа",
            ((24, 26), (178, 185)),
        ),
        _r(
            "wl.action",
            "An action card is an Order, given in the Orders Phase, or a React, which says when it may be played; "
            "actions are restricted by class and level.",
            "Действие может быть Приказом, отдаваемым в течение фазы приказов или Реакцией",
            ((30, 32), (189, 191)),
        ),
        _r(
            "wl.golden_rule",
            "Where a card's text contradicts a rule of the game, the card is followed.",
            "Если текст на одной из карт противоречит правилу игры, то выполняется условие карты",
            _b(37),
        ),
        _r(
            "wl.deck",
            "A deck holds at least 50 cards, at most 3 copies of any card, no card type over half the deck, the "
            "starting characters counted, and characters for a legal starting army; other Warlords in it are "
            "simply strong characters.",
            "не менее 50 карт. У Вас может быть не более 3-х копий любой карты",
            _b(92),
        ),
        # ------------------------------------------------------------ dice and states (L39-L44)
        _r(
            "wl.natural",
            "Against a target number a natural 1 always fails and a natural 20 always succeeds, whatever the "
            "number; card effects cannot change it. A roll without a target (initiative) may be modified, but "
            "1s and 20s are not rerolled.",
            "если кубик показывает 1, бросок автоматически считается неудачным. Если Вы выбрасываете 20",
            _b(39),
        ),
        _r(
            "wl.target_number",
            "A roll with all its modifiers at least the target number succeeds (unless the die shows 1).",
            "значение кубика со всеми модификаторами равен или больше требуемого числа",
            _b(40),
        ),
        _r(
            "wl.states",
            "Ready cards stand upright; spent cards are turned 90 degrees, used (or damaged) this turn; stunned "
            "cards are turned 180 degrees and count as spent.",
            "Готовые карты лежат вертикально; Повернутые карты повернуты на 90 градусов",
            _b(42),
        ),
        _r(
            "wl.spend",
            "Only a ready card can be spent.",
            "Вы можете повернуть только готовую карту",
            _b(43),
        ),
        _r(
            "wl.stunned",
            "A stunned card counts as spent; no action may be played on it or items given to it, nor actions "
            "played from it or its items used.",
            "Оглушенная карта считается также повернутой",
            _b(44),
        ),
        # ------------------------------------------------------------ the army (L46-L49)
        _r(
            "wl.ranks",
            "The army stands in ranks, the first (front) rank nearest the other armies, then 2, 3 ...; the "
            "distance from your first rank to any other player's first rank is one rank.",
            "она равна одной шеренге от Вашей первой шеренги до первой шеренги армии какого-либо другого игрока",
            _b(46),
        ),
        _r(
            "wl.legal",
            "No rank may hold more characters than the rank in front of it; the first rank may hold any number.",
            "В Вашей первой шеренге может быть любое количество персонажей",
            _b(46, 47),
        ),
        _r(
            "wl.reform",
            "An illegal rank is reformed at once, outside the normal sequence, before any action or effect, by "
            "moving characters forward out of illegal ranks; card effects cannot avoid its cost (except Reacts "
            "played when you reform an illegal rank); a reform is no maneuver.",
            "Оно выполняется до совершения какого-либо действия или эффекта",
            _b(48),
        ),
        _r(
            "wl.reform_move",
            "A character moves forward from an illegal rank into any rank you prefer, at either end or between "
            "two, even into a rank that becomes illegal, until no rank is illegal; ready characters moved forward "
            "become spent, spent ones stunned, stunned ones stay stunned.",
            "Готовые персонажи, которых Вы перемещаете вперед, становятся повернутыми",
            _b(49),
        ),
        # ------------------------------------------------------------ set-up and the turn (L52-L66)
        _r(
            "wl.setup",
            "Each player takes from the deck a Warlord, three level-1 and two level-2 characters of the Warlord's "
            "faction: the level-1 characters in the first rank, the level-2 in the second, the Warlord in the third.",
            "одного персонажа с особенностью Командующий (Warlord), три персонажа 1-ого уровня и два 2-ого уровня",
            _b(52),
        ),
        _r(
            "wl.phases",
            "Each turn has four phases in order: Ready, Draw, Initiative, Orders.",
            "В каждом ходе игры есть четыре фазы",
            ((53, 57), (217, 221)),
        ),
        _r(
            "wl.ready",
            "In the Ready Phase spent cards become ready and stunned cards become spent.",
            "Повернутые карты становятся готовыми, оглушенные становятся повернутыми",
            _b(59),
        ),
        _r(
            "wl.draw",
            "Players may discard any cards from their hands, then draw up to 5; on the first turn they simply draw 5.",
            "Затем все игроки берут карты до тех пор, пока в их руках не будет 5 карт",
            _b(61),
        ),
        _r(
            "wl.initiative",
            "Each player rolls a d20; the highest goes first in the Orders Phase, play going clockwise from him; "
            "players tied for the highest roll again; some cards give a bonus to the roll.",
            "Если игроки выбросили по одинаковому наибольшему значению, то они перебрасывают кубик",
            _b(63),
        ),
        _r(
            "wl.orders",
            "In the Orders Phase the players give one order at a time round the table from the initiative "
            "winner, the player on the left next, until all players pass in succession; then a new turn begins.",
            "до тех пор, пока все игроки не решат последовательно спасовать",
            _b(66),
        ),
        _r(
            "wl.order_menu",
            "On your go: attack, play an action card, bring a character or item into play, use an order of a "
            "card in play, maneuver, or pass (copy B only).",
            "Атаковать; Сыграть карту действия; Ввести в игру персонажа или предмет; Спасовать",
            (231, 236),
        ),
        # ------------------------------------------------------------ melee (L68-L69)
        _r(
            "wl.melee",
            "Characters in the front rank may melee: spend one, target a character in an opponent's first rank, "
            "roll d20 plus its first ATK; a total of at least the target's AC hits and puts a wound on it.",
            "Выберите целью персонажа из армии оппонента из 1-ой шеренги для Вашего первого рукопашного боя",
            _b(68),
        ),
        _r(
            "wl.death",
            "A character with wounds at least its hit points is dead: it goes with all its items to the discard pile.",
            "Поместите персонаж со всеми его или ее оснащенными предметами в стопку отыгранных карт",
            _b(68),
        ),
        _r(
            "wl.strikes",
            "With more than one ATK the attacker now chooses the target of the second strike and rolls with the "
            "second ATK, and so on until all strikes are made or the player stops attacking.",
            "Повторяйте эту процедуру до тех пор, пока Ваш персонаж не нанесет все свои удары",
            _b(69),
        ),
        # ------------------------------------------------------------ actions, troops, items (L71-L86)
        _r(
            "wl.play_action",
            "Action cards from the hand have instant effects and then go to the discard pile; an action marked "
            "Order is played only as an Order.",
            "Когда эффект действия завершен, поместите карту действия в стопку отыгранных карт",
            _b(71),
        ),
        _r(
            "wl.react_card",
            "Action cards marked React may be played when the condition on the card is met.",
            "могут разыгрываться, когда выполняется условие на карте",
            _b(72),
        ),
        _r(
            "wl.performer",
            "A character of your army performs the action: of its class (oval: any class), and not of a level "
            "above its own.",
            "Персонаж не может выполнять действие, которое выше, чем его или ее уровень",
            _b(73),
        ),
        _r(
            "wl.spend_cost",
            "An action whose text begins with Spend spends its performer; without Spend a spent character may "
            "perform it and a ready one stays ready.",
            "Текст на этих картах начинается со слова",
            _b(74),
        ),
        _r(
            "wl.spells",
            "Every Wizard or Cleric action card is a Spell; an action attached to a card goes to the discard pile "
            "when that card leaves play.",
            "Все карты действий Волшебника или Священника считаются заклинаниями",
            _b(75),
        ),
        _r(
            "wl.bring",
            "A character from the hand goes into the rank of its level, at either end or between two; never into "
            "an illegal rank.",
            "Вы не можете сыграть персонажа в неправильную шеренгу",
            _b(77),
        ),
        _r(
            "wl.loyalty",
            "A character not of the Warlord's faction counts one level higher for its rank (one rank further "
            "back); a Mercenary never does.",
            "Персонажи не из фракции Вашего Командующего получают штраф за лояльность",
            ((78, 79), (248, 249)),
        ),
        _r(
            "wl.unique",
            "A Unique card cannot be brought into play while a copy is in your army.",
            "Вы не можете ввести в игру копию уникальной карты, если такая уже имеется в Вашей армии",
            _b(79),
        ),
        _r(
            "wl.equip",
            "An item from the hand goes to a character of your army whose class it allows, whose level plus rank "
            "is at least the item's level, and who has no item of that name.",
            "уровень персонажа + шеренга, которую он или она занимает, должен, по крайней мере, быть равен уровню",
            ((81, 82), (251, 252)),
        ),
        _r(
            "wl.item_trait",
            "An item with a trait the holder's item already has sends the older one to the discard pile, unless "
            "the new one is Unique or Treasure; an item's ATK bonus counts for every strike.",
            "Предметы, у которых есть бонус к АТК, распространяют этот бонус на все удары персонажа",
            _b(82),
        ),
        _r(
            "wl.card_order",
            "Characters and items in play may have orders of their own ('Order:'); those that begin with Spend "
            "spend the character; 'this' is the performer.",
            "Такие карты содержат слово",
            _b(84),
        ),
        _r(
            "wl.maneuver",
            "Spend a ready character to move it one rank forward or back, or to another place in its rank, at "
            "either end or between two; an illegal rank so made is reformed at once.",
            "Вы можете повернуть одного из своих готовых персонажей для того, чтобы переместить его",
            _b(86),
        ),
        _r(
            "wl.pass",
            "A player with nothing (more) to do passes; when all pass in succession the turn ends at once; a "
            "player who passed may still act later in the turn.",
            "Если Вы пасуете, но ход еще не закончен, Вы можете все еще выполнять действия позже в этом ходу",
            _b(88),
        ),
        # ------------------------------------------------------------ ranged, reacts, durations (L93-L113)
        _r(
            "wl.ranged",
            "A Ranged Strike hits across one rank: from your second rank at an opponent's first, or from your "
            "first at his second; never at a character not one rank across.",
            "При стрельбе Вы не можете целиться в персонажа, находящегося не через ряд от стреляющего",
            _b(93),
        ),
        _r(
            "wl.ranged_roll",
            "A ranged strike rolls d20 plus the number before 'Ranged Strike' against the target's AC; no item, "
            "action or ATK bonus counts, and it is a single strike.",
            "персонажи с несколькими атаками в рукопашном бою не получают дополнительных атак при стрельбе",
            _b(94, 95),
        ),
        _r(
            "wl.reacts",
            "Reacts are played outside the sequence of orders, when their card says; when several players want "
            "to React at once, begin with the player holding the initiative this turn and go clockwise; a card "
            "reacts to one event at most once (copies may each react).",
            "начните с игрока, который в этот ход ведет инициативу, и продолжите по часовой стрелке",
            _b(97),
        ),
        _r(
            "wl.two_kinds",
            "Reacts and Orders are the two kinds of action, from action cards, cards in play or the rules.",
            "Реакции и Приказы - два типа действий",
            _b(98),
        ),
        _r(
            "wl.duration",
            "Bonuses and penalties end with the turn unless stated; effects on a card, wounds included, end when "
            "it leaves play; an attack an action gives is made once only; '+# ATK' adds to the bonus, 'becomes "
            "+# ATK' sets it and every other change of ATK is ignored meanwhile.",
            "Все бонусы и штрафы аннулируются, когда ход закончен",
            _b(100),
        ),
        _r(
            "wl.saves",
            "A skill check or save rolls d20 plus skill plus any bonus for it against the DC; unless the card says "
            "otherwise, a successful magic save cancels a spell targeted at the character.",
            "удачный магический спасбросок аннулирует эффект заклинания, нацеленного на персонажа",
            _b(102, 103),
        ),
        Rule(
            "wl.adjacent",
            "Characters side by side in a rank are adjacent; a rank is adjacent to the ranks before and behind "
            "it; every player's front rank is adjacent to every other player's.",
            "Фронтальная шеренга каждого игрока считается соседней",
            SEED,
            _b(106),
            kind="glossary",
        ),
        _r(
            "wl.search",
            "A search of your deck shuffles it after; a card of a type asked for is shown to the opponents.",
            "Вы должны после этого ее перетасовать",
            _b(108),
        ),
        _r(
            "wl.deck_out",
            "Running out of cards has no penalty, but the deck is not reshuffled.",
            "штрафа за этим не следует, но Вы не можете перетасовать свою колоду",
            _b(109),
        ),
        _r(
            "wl.astral_ethereal",
            "Attacking an Ethereal character, odd natural rolls miss; attacking an Astral one, even natural rolls "
            "(20 too) miss and a 19 always hits; spell attacks ignore this; a character both Astral and Ethereal "
            "dies at once.",
            "нечетные значения выпавшие на d20 всегда означают промах",
            _b(111),
        ),
        _r(
            "wl.feat",
            "A Feat, when activated, is a skill check at DC 20 with the skill and every bonus; on success it goes off.",
            "персонаж выполняет проверку на умение с DC 20",
            _b(113),
        ),
        # ------------------------------------------------------------ assumptions (the digest's section 11)
        _a(
            "wl.assume.turn",
            "A1: 'turn' is the round of four phases, 'go' one order in the Orders Phase; 'until the end of the "
            "turn' lasts until the Orders Phase ends.",
            _b(53, 66),
            fixed="the text has only one round of four phases that a bonus could last until",
        ),
        _a(
            "wl.assume.rank_sizes",
            "A2: a rank is illegal when it holds more than the one rank in front of it (L47), not than all the "
            "ranks in front together (L46 'preceding ranks').",
            _b(46, 47),
            fixed="with no rank larger than the one before it no rank is larger than any before it",
        ),
        _a(
            "wl.assume.reform_jump",
            "A3: a reforming character may jump several ranks forward in one move (option reform_jump 'one': only "
            "to the rank in front).",
            _b(49),
            option="reform_jump",
        ),
        _a(
            "wl.assume.reform_order",
            "A3: the owner chooses which illegal rank to fix first, moving one character at a time until the "
            "formation is legal; option reform_order 'back_first' makes him fix the rearmost illegal rank first.",
            _b(49),
            option="reform_order",
        ),
        _a(
            "wl.assume.reform_cost",
            "A3: the state cost is paid per move: a character moved forward twice in one reform goes ready, spent, "
            "stunned (option reform_cost 'once': once per reform).",
            _b(49),
            option="reform_cost",
        ),
        _a(
            "wl.assume.reform_players",
            "A3, A10: when several players must reform at once they reform in initiative order from the holder, "
            "clockwise (option reform_players 'seat': in seat order from player 0).",
            _b(97),
            option="reform_players",
        ),
        _a(
            "wl.assume.melee_rank",
            "A4: only front-rank characters melee ('usually' leaves room for cards), and every strike of an attack, "
            "not only the first, targets a first-rank character of any opponent (option later_strikes 'any_rank': "
            "later strikes may target any rank of an opponent).",
            _b(68, 69),
            option="later_strikes",
        ),
        _a(
            "wl.assume.ranged_reach",
            "A5: a ranged strike needs distance exactly 2 (so a first-rank shooter cannot hit a first rank, and "
            "third-rank ones cannot shoot); option ranged_reach 'up_to_2' allows distance 1 too. A ranged strike "
            "is an attack order and spends the shooter.",
            _b(93),
            option="ranged_reach",
        ),
        _a(
            "wl.assume.hit_spends",
            "A6: a hit does not spend its surviving target (L42's 'damaged by your enemy' read as description); "
            "option hit_spends makes a wounded survivor spent.",
            _b(42),
            option="hit_spends",
        ),
        _a(
            "wl.assume.initiative",
            "A7: the initiative bonuses count in the highest value, only the players tied for the highest reroll, "
            "and the holder keeps the initiative for the whole turn; before the first roll the holder is player 0 "
            "(option initiative_ties 'all': everybody rolls again on a tie for the highest).",
            _b(63),
            option="initiative_ties",
        ),
        _a(
            "wl.assume.wounds_last",
            "A8: wounds stay on a character from turn to turn until it leaves play (L100 names only leaving play).",
            _b(100),
            fixed="no rule of the text removes a wound, so no other reading is offered",
        ),
        _a(
            "wl.assume.reacts",
            "A9: no stack: each order and React resolves fully when played. Reacts are polled from the initiative "
            "holder clockwise; in his slot a player may play any number of eligible Reacts; the round is polled "
            "again while anybody played one (option react_rounds 'once': one round only). A React may answer a "
            "React.",
            _b(97),
            option="react_rounds",
        ),
        _a(
            "wl.assume.simultaneous",
            "A10: characters killed by one event die together; then the reforms; players whose Warlords died "
            "together leave together, and if none is left the game is a draw (option last_two 'draw'; 'initiative': "
            "the first of them in initiative order wins).",
            _b(5),
            option="last_two",
        ),
        _a(
            "wl.assume.atk_bonus",
            "A11: a '+# ATK' effect adds to every strike, and 'becomes +# ATK' also suppresses item bonuses; a "
            "character whose ATK 'becomes' # makes a single strike at # (option becomes_strikes 'all': every strike "
            "at #).",
            _b(100),
            option="becomes_strikes",
        ),
        _a(
            "wl.assume.granted_attack",
            "A12: an attack an action gives uses the first ATK, needs no spend unless stated, and is melee.",
            _b(100),
            fixed="the invented cards that give an attack all say melee and first ATK on the card",
        ),
        _a(
            "wl.assume.stunned",
            "A13: a stunned character can neither perform nor be targeted by an action card, and its items do "
            "nothing for its orders.",
            _b(44),
            fixed="the text forbids both playing actions on and from stunned cards in so many words",
        ),
        _a(
            "wl.assume.enter_ready",
            "A14: characters enter play ready, the starting army as those brought in later (option enter 'spent': "
            "brought in spent).",
            (*_b(52), *_b(77)),
            outside=True,
            option="enter",
        ),
        _a(
            "wl.assume.item_level",
            "A15: items and actions have levels; an item whose holder no longer meets level plus rank is kept.",
            _b(82),
            fixed="the text checks the item's level only when it is given, never after",
        ),
        _a(
            "wl.assume.item_traits",
            "A16: any trait two items share, other than Unique and Treasure, makes them conflict; giving an item is "
            "optional, the replacement is not.",
            _b(82),
            fixed="the invented items carry one trait each, so no other sharing rule changes a game",
        ),
        _a(
            "wl.assume.unique_scope",
            "A17: Unique counts only your own army: opponents may each field a copy.",
            _b(79),
            fixed="the text says only your army, and the invented decks share no Unique card",
        ),
        _a(
            "wl.assume.hand",
            "A18: no hand limit; discarding in the Draw Phase is optional and comes before drawing, each player "
            "in initiative order of the last turn deciding (hands are hidden, so no information passes); option "
            "draw_discard 'none' leaves the discards out.",
            _b(61),
            option="draw_discard",
        ),
        _a(
            "wl.assume.deck_out",
            "A19: the discard pile is never reshuffled into the deck, and a draw from an empty deck draws nothing.",
            _b(109),
            fixed="the text forbids the reshuffle and names no penalty for an empty deck",
        ),
        _a(
            "wl.assume.setup",
            "A20: the starting characters are chosen by the deck list (the first fitting ones), shown, and the rest "
            "of the deck is shuffled.",
            _b(52),
            fixed="a starter deck holds exactly the six characters it names for its starting army",
        ),
        _a(
            "wl.assume.adjacency",
            "A21: adjacency carries no rule of its own; only card text uses it (the invented Shield Wall React).",
            _b(106),
            fixed="no base rule reads adjacency, so no reading of it changes a game without cards",
        ),
        _a(
            "wl.assume.feat",
            "A22: a Feat is activated as an Order unless its text says otherwise; natural 1 and 20 apply to its "
            "DC 20 check.",
            _b(113),
            fixed="the invented Feats all say Order on the card, as the Golden Rule lets them",
        ),
        _a(
            "wl.assume.magic_save",
            "A23: a magic save cancels a spell targeted at the saving character only; the invented spells target "
            "one character each.",
            _b(103),
            fixed="the invented spells each target a single character so no area reading arises",
        ),
        _a(
            "wl.assume.alignment",
            "A24: only good and evil exist; no invented card reads 'opposite alignment'.",
            _b(15),
            fixed="no invented card refers to alignment so its reading never changes a game",
        ),
        _a(
            "wl.assume.class_names",
            "A25: the classes are named Fighter, Cleric, Wizard and Rogue (the English names of the original game).",
            (164, 168),
            outside=True,
            fixed="the names are labels only and change no outcome of any game",
        ),
        _a(
            "wl.assume.cards",
            "No card of the game is given: the three factions and their cards are invented (each marked "
            "invented), with 50-card starter decks legal under wl.deck.",
            _b(92),
            outside=True,
            option="deck0, deck1, deck2, deck3",
        ),
        _a(
            "wl.assume.turn_limit",
            "A game still going after the turn limit (option turn_limit) is a draw: the text has no end but a last "
            "Warlord standing, and armies that cannot reach each other never die.",
            _b(5),
            outside=True,
            option="turn_limit",
        ),
    ]
)
