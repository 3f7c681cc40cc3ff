"""The solver's betting trees, checked by hand: sizes, the pot-limit maximum, all-ins, the fixed-limit cap, rake."""

from __future__ import annotations

from omaha8.game import FixedLimit, NoLimit, PercentageRake, PotLimit
from omaha8.solver._tree import Betting, Tree, build_tree

RIVERS = tuple(range(8))  # a turn tree with eight rivers is enough to see the chance nodes


def tree_of(structure, pot=100, stack=1000, bets=(0.5, 1.0), raises=(1.0,), allin=True, max_raises=3, rake=None,
            board_size=5) -> Tree:
    betting = Betting(pot, stack, structure, bets, raises, allin, max_raises, rake)
    return build_tree(betting, board_size, RIVERS if board_size == 4 else ())


def line(tree: Tree, *actions: str) -> int:
    """The node reached by a sequence of action labels from the root."""
    node = 0
    for action in actions:
        info = tree.nodes[node]
        node = info.children[info.actions.index(action)]
    return node


def test_pot_limit_sizes_and_maximum() -> None:
    tree = tree_of(PotLimit(1, 2))
    # pot 100: bets of 50 and 100; the pot-limit maximum is 100, below the stack: no all-in
    assert tree.nodes[0].actions == ["check", "bet 50", "bet 100"]
    # facing 100: a pot raise calls 100 and adds the pot after the call, 300: to 400 (docs/rules.md §6.5)
    assert tree.nodes[line(tree, "bet 100")].actions == ["fold", "call", "raise to 400"]
    # facing 50: to 50 + (150 + 50) = 250
    assert tree.nodes[line(tree, "bet 50")].actions == ["fold", "call", "raise to 250"]
    # facing 400 after 100: the pot is 600, the call 300: to 400 + 900 = 1300 > stack 1000, so all-in
    assert tree.nodes[line(tree, "bet 100", "raise to 400")].actions == ["fold", "call", "allin"]
    assert tree.nodes[line(tree, "bet 100", "raise to 400", "call")].invested == (400, 400)
    assert tree.nodes[line(tree, "bet 100", "raise to 400", "allin", "call")].invested == (1000, 1000)


def test_a_size_past_the_stack_is_the_all_in() -> None:
    tree = tree_of(PotLimit(1, 1), stack=80, allin=False)
    # a bet of 100 is more than the 80 behind: it is the all-in, 50 stays a bet
    assert tree.nodes[0].actions == ["check", "bet 50", "allin"]
    assert tree.nodes[line(tree, "allin")].actions == ["fold", "call"]  # nothing left to raise against
    # facing 50 with 30 left behind after a call: the raise is all-in for 80
    assert tree.nodes[line(tree, "bet 50")].actions == ["fold", "call", "allin"]


def test_no_limit_offers_the_all_in_and_raises_by_the_pot() -> None:
    tree = tree_of(NoLimit(1, 1), stack=500, bets=(0.5,), raises=(1.0,))
    assert tree.nodes[0].actions == ["check", "bet 50", "allin"]
    assert tree.nodes[line(tree, "bet 50")].actions == ["fold", "call", "raise to 250", "allin"]


def test_least_raise_is_the_last_raise() -> None:
    # a raise of 10% of the pot is less than a full raise: it is raised to the least, bet + the last raise
    tree = tree_of(NoLimit(1, 1), stack=500, bets=(1.0,), raises=(0.1,), allin=False)
    assert tree.nodes[line(tree, "bet 100")].actions == ["fold", "call", "raise to 200"]  # 100 + 100


def test_max_raises() -> None:
    tree = tree_of(NoLimit(1, 1), stack=10**6, bets=(1.0,), raises=(1.0,), allin=False, max_raises=2)
    # the second raise: pot 100 + 100 + 400 = 600, a call of 300, to 400 + 900 = 1300
    two = line(tree, "bet 100", "raise to 400", "raise to 1300")
    assert tree.nodes[two].actions == ["fold", "call"]


def test_fixed_limit_cap_follows_the_structure() -> None:
    # Robert's Rules lift the cap heads-up: only max_raises stops the raising
    lifted = tree_of(FixedLimit(10, 20), stack=10**4, max_raises=5)
    assert lifted.nodes[0].actions == ["check", "bet 20"]  # the big bet on the river
    node = line(lifted, "bet 20", "raise to 40", "raise to 60", "raise to 80", "raise to 100", "raise to 120")
    assert lifted.nodes[node].actions == ["fold", "call"]  # five raises
    # a cap that holds heads-up: four bets, the opening one included, so three raises
    capped = tree_of(FixedLimit(10, 20, uncapped_heads_up="never"), stack=10**4, max_raises=5)
    node = line(capped, "bet 20", "raise to 40", "raise to 60", "raise to 80")
    assert capped.nodes[node].actions == ["fold", "call"]
    # on the turn the bet is the big bet too, and the river starts a new round
    turn = tree_of(FixedLimit(10, 20, uncapped_heads_up="never"), stack=10**4, board_size=4)
    chance = line(turn, "bet 20", "call")
    assert turn.nodes[chance].kind == "chance" and turn.nodes[chance].cards == list(RIVERS)
    river_root = turn.nodes[chance].children[0]
    assert turn.nodes[river_root].actions == ["check", "bet 20"] and turn.nodes[river_root].river == 0


def test_turn_all_in_goes_to_the_river_showdown() -> None:
    tree = tree_of(PotLimit(1, 1), stack=100, bets=(1.0,), board_size=4)
    chance = line(tree, "allin", "call")
    assert tree.nodes[chance].kind == "chance"
    assert all(tree.nodes[c].kind == "showdown" and tree.nodes[c].invested == (100, 100)
               for c in tree.nodes[chance].children)


def test_rake_at_each_terminal() -> None:
    tree = tree_of(PotLimit(1, 1), stack=1000, bets=(0.5,), raises=(), rake=PercentageRake(5, cap=12))
    # check-check: 5% of 100 is 5
    assert tree.nodes[line(tree, "check", "check")].rake == 5
    # bet 50 and a fold: the uncalled 50 is not raked, 5% of 100
    assert tree.nodes[line(tree, "bet 50", "fold")].rake == 5
    # bet 50, call: 5% of 200 is 10
    assert tree.nodes[line(tree, "bet 50", "call")].rake == 10
    # check, bet 50, call: 10; the cap of 12 holds for the bigger pots
    assert tree.nodes[line(tree, "check", "bet 50", "call")].rake == 10


def test_stacks_of_zero_have_no_betting() -> None:
    assert [n.kind for n in tree_of(PotLimit(1, 1), stack=0).nodes] == ["showdown"]
    turn = tree_of(PotLimit(1, 1), stack=0, board_size=4)
    assert turn.nodes[0].kind == "chance" and len(turn.nodes) == 1 + len(RIVERS)
