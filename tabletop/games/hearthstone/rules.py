"""Rule references of Hearthstone, citing 000_7fc8e0fd1bcbc422.txt by line.

The seed holds two short texts: a beta-era card tutorial (L18-L68) and a wiki rules summary
(L1503-L1514). Neither is a full rulebook. Every rule the text does not give (the draw each
turn, an empty deck, the hand and board limits when playing, The Coin, the keywords, how often
a character attacks) is an assumption of its own, ``assumption=True``; those taken from the
well-known rules of the real game rather than from the text are also ``outside_text=True``.
"""

from tabletop.core import Rule, RuleTable
from tabletop.core.rules import LinesGiven

SEED = "000_7fc8e0fd1bcbc422.txt"


def _r(rule_id: str, text: str, term: str, lines: tuple[int, int], **kw) -> Rule:
    return Rule(rule_id, text, term, SEED, lines, **kw)


def _a(
    rule_id: str,
    text: str,
    term: str = "",
    lines: LinesGiven | None = None,
    outside: bool = True,
    option: str = "",
    fixed: str = "",
) -> Rule:
    """An assumption: ``option`` names the option that switches its reading, or ``fixed`` says why none would
    change an outcome."""
    return Rule(rule_id, text, term, SEED, lines, assumption=True, outside_text=outside, option=option, fixed=fixed)


# Why the real game's rule is the default where the text, read literally, says otherwise: the text is a
# translated tutorial for the real game's beta (L19), a paraphrase of its rules, not a rulebook of its own.
_WHY_DEFAULT = "The default is the real game's rule, since the text is a translated tutorial of the real game (L19)."


RULES = RuleTable(
    [
        # ------------------------------------------------------------ card types (L21-L35)
        _r(
            "hs.cards",
            "Almost everything in the game is a card: abilities, minions, weapons, heroes and their power.",
            "Карты – основа игры",
            (21, 21),
            kind="glossary",
        ),
        _r(
            "hs.spell",
            "Ability (spell) cards are played straight from the hand for an immediate effect: draw a card, "
            "strengthen a minion, deal damage; some add cards to the game (King Mukla gives the opponent two Bananas).",
            "Карты способностей или заклинаний",
            (23, 24),
        ),
        _r(
            "hs.spell_immediate",
            "Spells are played directly from the player's hand and have an immediate effect.",
            "Заклинания разыгрываются непосредственно из руки",
            (1514, 1514),
        ),
        _r(
            "hs.minion",
            "Minion cards fill your half of the board; minions have attack and health (defence).",
            "Карты миньонов",
            (25, 27),
        ),
        _r(
            "hs.board_limit",
            "At most seven minions can be on the board at once; a minion summoned beyond the limit is "
            "destroyed and does not get onto the field (read per player: 'your half of the board').",
            "максимум на доске может быть семь миньонов",
            (26, 26),
        ),
        _r(
            "hs.summoning_sickness",
            "Right after it is summoned a minion has summoning sickness: it cannot attack until the next turn.",
            "Слабость после призыва",
            (27, 27),
        ),
        _r(
            "hs.death",
            "As soon as a minion's health drops to 0 the minion card is removed from the game.",
            "Как только запас здоровья миньона опускается до 0",
            (27, 27),
        ),
        _r(
            "hs.class_cards",
            "Minions may belong to a class (Ethereal Arcanist, Mage only) or be neutral (Deathwing).",
            "могут принадлежать конкретному классу",
            (28, 28),
        ),
        _r(
            "hs.weapon",
            "A weapon card equips the hero; a hero has one active weapon at a time; a weapon has attack "
            "and durability instead of health.",
            "Карты оружия экипируют героя",
            (30, 31),
        ),
        _r(
            "hs.durability",
            "Durability goes down by 1 for each attack with the weapon; at 0 the weapon disappears.",
            "Прочность расходуется по 1 единице за каждую атаку",
            (31, 31),
        ),
        _r(
            "hs.sword_of_justice",
            "Sword of Justice (Paladin): 5 attacks of 1 damage; it also gives +1/+1 to each "
            "summoned minion, losing 1 durability each time the effect triggers.",
            "Sword of Justice",
            (32, 32),
        ),
        _r(
            "hs.heroes",
            "Nine heroes: Druid, Hunter, Mage, Paladin, Priest, Rogue, Shaman, Warlock, Warrior; a player "
            "builds a 30-card deck led by one of them.",
            "эпических героев",
            (34, 34),
        ),
        _r(
            "hs.hero_power",
            "Each hero has a special ability (hero power) costing 2 mana, usable once a turn, on enemy "
            "or friendly targets unless restricted (Rexxar's only hits the opponent).",
            "особую способность, стоимостью 2 ед. маны",
            (35, 35),
        ),
        _r(
            "hs.power_summon_right",
            "A hero power that summons a minion places it to the right of the rightmost minion.",
            "поместит его справа от крайнего правого миньона",
            (35, 35),
        ),
        # ------------------------------------------------------------ attributes (L37-L52)
        _r(
            "hs.cost",
            "A card can be played only if you have enough mana crystals for it; the cost is on the blue crystal.",
            "Стоимость карты",
            (37, 38),
        ),
        _r(
            "hs.own_turn",
            "Players start with zero mana crystals and get one at the beginning of their turn; cards are "
            "played only during your own turn.",
            "Начинают игроки с нулевым колличеством кристаллов",
            (38, 38),
        ),
        _r("hs.attack", "Attack: how much damage you deal.", "Атака", (39, 40)),
        _r("hs.health", "Health: how much damage a card can take before it is destroyed.", "Здоровье", (41, 42)),
        _r(
            "hs.durability_attr",
            "Durability: how many blows the weapon can strike before it breaks.",
            "Прочность",
            (43, 44),
        ),
        _r(
            "hs.effect_text",
            "The text on a card says what it can do; some terms are worth knowing.",
            "Эффект / Описание карты",
            (45, 46),
            kind="glossary",
        ),
        _r("hs.enemy", "Enemy: a minion or hero that belongs to the other player.", "Противник", (47, 47)),
        _r("hs.friendly", "Your / friendly: your hero and minions.", "Ваши / дружественные", (48, 48)),
        _r("hs.character", "Character: all heroes and all minions.", "Персонаж", (49, 49)),
        _r(
            "hs.adjacent",
            "Adjacent: the minions directly left and right of the target; you choose where a card goes.",
            "Прилегающие / рядом",
            (50, 50),
        ),
        _r("hs.damaged", "Damaged: health below its maximum (shown in red).", "Повреждённый", (51, 51)),
        _r(
            "hs.duration",
            "Unless the card says otherwise, its effects last as long as the card is in play.",
            "её эффекты действуют на протяжении всего присутствия карты в игре",
            (52, 52),
        ),
        _r(
            "hs.copies",
            "At most two identical basic cards in a deck; expert cards: at most two identical common, rare "
            "or epic cards and one legendary.",
            "не более двух одинаковых",
            (54, 55),
        ),
        # ------------------------------------------------------------ cards / combat (L66-L68)
        _r(
            "hs.immediate",
            "Effects do not happen in stages: an effect triggers at once and you can go on acting; "
            "attack with one minion, its effect resolves, then attack with the next.",
            "эффект срабатывает мгновенно",
            (66, 66),
        ),
        _r(
            "hs.no_friendly_attack",
            "Friendly minions and heroes cannot attack friendly characters; a hero power may target friendly minions.",
            "не могут атаковать других дружественных персонажей",
            (66, 66),
        ),
        _r(
            "hs.actions",
            "The number of actions in a turn is not limited: play cards (paying their mana), attack with "
            "minions and/or the hero, in any order.",
            "Количество действий за раз в бою не ограничено",
            (67, 67),
        ),
        _r(
            "hs.order_of_play",
            "Card effects combine with effects already on the battlefield in the order they were "
            "played: with Knife Juggler in play, playing Leeroy Jenkins, the Juggler's 1 damage comes before Leeroy's "
            "whelps enter, so they cannot be its target.",
            "в том порядке, в каком были разыграны",
            (68, 68),
        ),
        _r(
            "hs.combat",
            "An attacker deals its attack as damage to the defending minion or hero; at the same time the "
            "defender's attack is dealt back to the attacker (counter-damage); either dies at 0 health.",
            "ответный урон",
            (68, 68),
        ),
        _r(
            "hs.no_counter",
            "Spells and abilities that deal damage take no counter-damage.",
            "заклинания и способности не подвержены эффекту «обратного урона»",
            (68, 68),
        ),
        # ------------------------------------------------------------ wiki summary (L1504-L1514)
        _r(
            "hs.deck",
            "Each player chooses one of nine heroes and builds a deck of thirty cards.",
            "собрать колоды из тридцати карт",
            (1505, 1505),
        ),
        _r(
            "hs.play_cards",
            "Players take turns playing cards from their hands: spells, weapons and minions.",
            "Игроки по очереди разыгрывают карты",
            (1506, 1506),
        ),
        _r(
            "hs.win",
            "Each hero has thirty health; a player wins by bringing the enemy hero's health from thirty to zero.",
            "тридцать очков здоровья",
            (1507, 1507),
        ),
        _r(
            "hs.coin_toss",
            "A coin toss decides who goes first; the first player draws three cards, the second draws "
            "four and receives a special card called The Coin.",
            "подбрасывания монеты",
            (1508, 1508),
        ),
        _r(
            "hs.mulligan",
            "Each player has one chance to swap any starting cards for cards from the top of the deck; "
            "the swapped cards are shuffled back into the deck.",
            "один шанс поменять любую из своих стартовых карт",
            (1509, 1509),
        ),
        _r(
            "hs.start",
            "The game starts after both players have drawn their starting cards.",
            "Игра начинается после того",
            (1510, 1510),
        ),
        _r(
            "hs.mana",
            "Each turn a player gets one more mana crystal: one on the first turn, up to ten; crystals are "
            "refilled every turn.",
            "Кристаллы маны пополняются маной каждый ход",
            (1511, 1511),
        ),
        _r(
            "hs.play",
            "During the turn a player may play any card in hand he has the mana for: put a minion on the "
            "board, cast a spell or equip a weapon.",
            "если у него достаточно кристаллов маны",
            (1512, 1512),
        ),
        _r(
            "hs.board",
            "Minions are played on the central field between the heroes and can attack heroes or minions.",
            "Миньоны играются на центральном поле",
            (1513, 1513),
        ),
        # ------------------------------------------------------------ assumptions (outside the text)
        _a(
            "hs.assume.draw",
            "At the start of his turn a player draws one card (the text never says so).",
            lines=(1505, 1505),
            fixed="a card game whose players start with 3-4 cards and play them for mana needs a draw each turn; "
            "without one the decks of 30 cards (L1505) would hardly be used",
        ),
        _a(
            "hs.assume.fatigue",
            "Drawing from an empty deck deals fatigue damage to the hero: 1, then 2, 3, ... (the real game). "
            "The text is silent: it never says what an empty deck does, so another reading is that nothing "
            "happens (option fatigue=False: the draw is skipped). The default is the real game's rule, since the "
            "text is a translated tutorial of the real game (L19).",
            lines=(19, 19),
            option="fatigue",
        ),
        _a(
            "hs.assume.hand_limit",
            "A hand holds at most 10 cards; a card drawn or given to a full hand is destroyed (the real game). "
            "The text gives no hand limit at all (option hand_limit: any number of cards). The default is the "
            "real game's rule, since the text is a translated tutorial of the real game (L19).",
            lines=(19, 19),
            option="hand_limit",
        ),
        _a(
            "hs.assume.board_full",
            "A minion card cannot be played while its player has 7 minions, nor a hero power that summons used "
            "(the real game). L26 read literally says otherwise: 'if you play a card that summons one more minion "
            "beyond the limit, it is destroyed and does not get onto the field', so the card may be played, its "
            "mana is spent and the minion is destroyed (option play_onto_full_board; a hero power is not a card "
            "played, so it stays refused). Minions an effect summons beyond the limit are destroyed either way. "
            + _WHY_DEFAULT,
            "если вы разыграете карту, призывающую ещё миньона сверх ограничения, он будет уничтожен",
            lines=((19, 19), (26, 26)),
            option="play_onto_full_board",
        ),
        _a(
            "hs.assume.the_coin",
            "The Coin costs 0 and gives one mana crystal for this turn only; the second player "
            "gets it after the mulligan (the real game). The text gives it with the four starting cards (L1508) "
            "and 'then' lets the players swap any of their starting cards (L1509), so read in its order the Coin "
            "may be swapped back into the deck (option coin_before_mulligan). " + _WHY_DEFAULT,
            lines=((19, 19), (1508, 1509)),
            option="coin_before_mulligan",
        ),
        _a(
            "hs.assume.attacks",
            "A minion or hero attacks at most once a turn, and only with attack above 0; a "
            "character at 0 health is gone before the next action.",
            lines=((40, 40), (66, 66)),
            fixed="L66 counts attacks one per minion ('an attack with three minions: the first ... then the "
            "second'); an attack of 0 deals nothing (L40), so allowing it would add only a move that hurts the "
            "attacker, which neither the text nor the real game offers",
        ),
        _a(
            "hs.assume.taunt",
            "Taunt: while a player has minions with Taunt, the enemy must attack one of them "
            "(spells and hero powers may target anything).",
            fixed="Taunt is a keyword the text never defines; a Taunt that does not force attacks would be no "
            "keyword at all, and no other definition of it has been played",
        ),
        _a(
            "hs.assume.charge",
            "Charge: the minion can attack the turn it is summoned (no summoning sickness).",
            lines=(27, 27),
            fixed="the only thing Charge can mean beside L27's summoning sickness is its exception",
        ),
        _a(
            "hs.assume.battlecry",
            "Battlecry: an effect when the minion is played from the hand (not when summoned "
            "otherwise); it waits its turn with the other effects in order of play (L68). The text gives this "
            "order: Knife Juggler's knife flies before Leeroy Jenkins's whelps arrive, so they cannot be hit. "
            "The later real game resolves the Battlecry first, before the effects its summon sets off (option "
            "battlecry='first'). The default is the text's own example.",
            lines=(68, 68),
            option="battlecry",
        ),
        _a(
            "hs.assume.deathrattle",
            "Deathrattle: an effect when the minion dies; it resolves as the minion was last in play.",
            fixed="the keyword's definition; 'as last in play' only says where the minion stood (its position for "
            "a summon), which no card here reads otherwise",
        ),
        _a(
            "hs.assume.divine_shield",
            "Divine Shield: the first damage the minion would take is prevented and the shield is lost.",
            fixed="the keyword's definition (the text never names it); no other reading of it has been played",
        ),
        _a(
            "hs.assume.aura",
            "Auras (ongoing effects such as 'adjacent minions have +1 attack') apply while their "
            "source is in play (L52) and are recomputed whenever minions enter or leave the board.",
            lines=(52, 52),
            fixed="L52 says an effect lasts while its card is in play; recomputing on every change is how "
            "'while' is kept, not a reading of its own",
        ),
        _a(
            "hs.assume.queue",
            "Triggered effects wait in a queue and resolve first in, first out; simultaneous ones "
            "in the order their sources came into play (L68). L66 says effects are not staged: 'the effect fires "
            "instantly', which can be read as resolving a triggered effect at once, inside the effect that set it "
            "off, before that effect's next part (option effects='nested'). The default is the real game's queue, "
            "since the text is a translated tutorial of the real game (L19).",
            lines=((19, 19), (66, 66), (68, 68)),
            outside=False,
            option="effects",
        ),
        _a(
            "hs.assume.death_phase",
            "Deaths are not checked in the middle of an action: when the outermost action and "
            "everything it set off have resolved, every character at 0 health dies at once (a death phase), "
            "Deathrattles queue in order of play, and the check repeats until nothing dies (the real game). "
            "L27 read literally says otherwise: 'as soon as a minion's health drops to 0, the card is removed', "
            "so a minion dies the moment damage brings it to 0, before any other effect resolves (option "
            "deaths='at_once'; a hero at 0 health still loses in the death phase, L1507 says no 'as soon as'). "
            + _WHY_DEFAULT,
            "Как только запас здоровья миньона опускается до 0",
            lines=((19, 19), (27, 27), (1507, 1507)),
            outside=True,
            option="deaths",
        ),
        _a(
            "hs.assume.end_turn",
            "A turn ends when its player says so; 'at the end of your turn' effects then trigger.",
            lines=(67, 67),
            fixed="L67 lets a player act as often as he likes, so only he can end his turn; an end-of-turn "
            "effect can only trigger then",
        ),
        _a(
            "hs.assume.draw_game",
            "If both heroes reach 0 health in the same death phase the game is a draw.",
            lines=(1507, 1507),
            fixed="L1507 wins by bringing the enemy hero to 0; when both reach 0 at once neither has won more "
            "than the other, and picking one would need a rule the text does not hint at",
        ),
        _a(
            "hs.assume.weapon_replace",
            "Equipping a new weapon destroys the old one (one weapon at a time, L31).",
            lines=((31, 31), (1512, 1512)),
            outside=False,
            fixed="L31 allows one weapon at a time, so a new one must replace the old (refusing the new weapon "
            "would make a weapon card unplayable, which L1512 denies)",
        ),
        _a(
            "hs.assume.hero_attack",
            "A hero's attack is his weapon's attack; a hero attacking a minion takes counter-damage like a minion "
            "(L68 'attacking minion/Hero'); a hero being attacked deals none back (outside the text: the real "
            "game). L68 read literally says otherwise: it names the 'defending minion/Hero', then 'the "
            "defender's attack is subtracted from the attacker's health', so a defending hero with a weapon "
            "strikes back (option defending_hero_strikes_back). " + _WHY_DEFAULT,
            "показатель атаки обороняющегося вычитается из запаса здоровья атакующего",
            lines=((19, 19), (68, 68)),
            option="defending_hero_strikes_back",
        ),
        _a(
            "hs.assume.random",
            "An effect on a random target picks uniformly among the legal targets (a chance decision).",
            fixed="'random' without weights is uniform; any other distribution would need weights the text and "
            "cards never give",
        ),
        _a(
            "hs.assume.cards",
            "Costs, stats and texts of the cards are from the real game or invented (the text "
            "gives only names); no Blizzard card text is copied.",
            fixed="the card data is this rulebook's content, not a reading of the rules",
        ),
        _a(
            "hs.assume.mulligan",
            "The first player decides his mulligan first, then the second; a player picks the "
            "set of starting cards to swap in one choice.",
            lines=(1509, 1509),
            fixed="L1509 gives 'one chance' to swap any of the starting cards, one choice of a set; the two "
            "mulligans draw from separate decks, so which player decides first changes no position that can arise",
        ),
        _a(
            "hs.assume.heal",
            "Healing restores health up to the maximum, never above it.",
            lines=(51, 51),
            fixed="L51 calls health below its maximum 'damaged', so health above the maximum does not exist",
        ),
        _a(
            "hs.assume.secret",
            "Secrets are not modelled: Ethereal Arcanist, whose card refers to them, is played "
            "as a plain 3/3 here (the text names it only as a class card, L28).",
            lines=(28, 28),
            fixed="no card here is a Secret, so what a Secret does cannot change a game of this rulebook",
        ),
    ]
)
