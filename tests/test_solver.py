"""The double-dummy solver against solved reference positions and against a
brute-force minimax written straight from the rules.

The reference files (``tests/data/reference/dds``, copied from the shared
reference data) were solved by an independent program.  Every line of
the 1- to 10-card files is checked, in chunks that pytest-xdist spreads over
the cores.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest

from skat_core.cards import CardSet, points_of
from skat_core.rules import GameType, legal_cards, trick_points, trick_winner
from skat_core.solver import Solver, solve, solve_moves, solver_wins

REPO = Path(__file__).resolve().parents[1]
VARIANT_GAME = {0: 4, 1: 3, 2: 2, 3: 1, 4: 0}  # data file variant -> GameType

Line = tuple[tuple[int, int, int], int, int, int, int]


@pytest.fixture(scope="session")
def dds_dir() -> Path:
    """The solved positions in the repository (see tests/data/reference/README.md)."""
    return REPO / "tests" / "data" / "reference" / "dds"


def load(path: Path) -> list[Line]:
    out: list[Line] = []
    for text in path.read_text().splitlines():
        h0, h1, h2, skat, to_move, variant, score = (int(f) for f in text.split(","))
        out.append(((h0, h1, h2), skat, to_move, VARIANT_GAME[variant], score))
    return out


# (file, step, chunks): every ``step``-th line, split into ``chunks`` tests
# so that pytest-xdist can spread them.
SUBSETS = [
    ("one_cards", 1, 1),
    ("two_cards", 1, 1),
    ("three_cards", 1, 1),
    ("four_cards", 1, 1),
    ("five_cards", 1, 1),
    ("six_cards", 1, 2),
    ("seven_cards", 1, 3),
    ("eight_cards", 1, 1),
    ("nine_cards", 1, 3),
    ("ten_cards", 1, 6),
]
CASES = [(name, step, chunk, chunks) for name, step, chunks in SUBSETS for chunk in range(chunks)]


@pytest.mark.parametrize(
    ("name", "step", "chunk", "chunks"), CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES]
)
def test_reference_positions(dds_dir: Path, name: str, step: int, chunk: int, chunks: int) -> None:
    """Each position's score is the soloist's points from the remaining
    tricks (plus the skat's points, 0 in these files)."""
    lines = load(dds_dir / f"{name}.txt")[::step][chunk::chunks]
    assert lines
    wrong = []
    # One solver per game type for all lines: its shape table carries bounds
    # from deal to deal, which must never change a result.
    solvers: dict[int, Solver] = {}
    for hands, skat, to_move, game, score in lines:
        solver = solvers.setdefault(game, Solver(game, 0))
        value = solver.solve(hands, to_move) + points_of(skat)
        if value != score:
            wrong.append((hands, to_move, game, score, value))
    assert not wrong, f"{len(wrong)} of {len(lines)} wrong, e.g. {wrong[:3]}"


@pytest.mark.parametrize("game", [2, 4])
def test_shape_table_carries_bounds_to_the_next_deal(game: int) -> None:
    """Two deals that differ only in the soloist's ♥7 for a ♥8 have the same
    shape and the same points: a solver that has solved one answers the other
    from its shape table, without searching a position, and exactly."""

    def m(text: str) -> int:
        return CardSet.from_str(text).mask

    first = (m("CJ HA H7 SA DT"), m("SJ HK ST D7 C9"), m("HT SK DA CA C7"))
    second = (m("CJ HA H8 SA DT"), m("SJ HK ST D7 C9"), m("HT SK DA CA C7"))
    for to_move in range(3):
        fresh = Solver(game, 0)
        value = fresh.solve(second, to_move)
        assert fresh.nodes > 0
        solver = Solver(game, 0)
        solver.solve(first, to_move)
        before = solver.nodes
        assert solver.solve(second, to_move) == value
        assert solver.nodes == before


def test_full_games_sample(dds_dir: Path) -> None:
    """A few full deals, skat points included (the benchmark does all)."""
    for hands, skat, to_move, game, score in load(dds_dir / "full_game.txt")[::30]:
        assert Solver(game, 0).solve(hands, to_move) + points_of(skat) == score


def test_wins_within_answers_or_stops_at_its_count(dds_dir: Path) -> None:
    """With room enough it answers as wins(); with a tiny count it stops
    (None), and the solver still answers exactly afterwards."""
    for hands, skat, to_move, game, score in load(dds_dir / "full_game.txt")[::50]:
        target = score - points_of(skat)
        if target <= 0:
            continue
        solver = Solver(game, 0)
        assert solver.wins_within(hands, to_move, target, 1) is None
        assert solver.wins_within(hands, to_move, target, 10**9) is True
        assert solver.wins_within(hands, to_move, target + 1, 10**9) is False
        assert Solver(game, 0).solve(hands, to_move) == target


def test_moves_agree_with_solve(dds_dir: Path) -> None:
    """The best card's value is the position's value, for either side to move."""
    for hands, _skat, to_move, game, _score in load(dds_dir / "five_cards.txt")[::100]:
        soloist = 0
        value = solve(hands, soloist, game, to_move)
        moves = solve_moves(hands, soloist, game, to_move)
        assert set(moves) == set(CardSet(legal_cards(game, hands[to_move], None)))
        best = max(moves.values()) if to_move == soloist else min(moves.values())
        assert best == value
        assert solver_wins(hands, soloist, game, to_move, value)
        assert not solver_wins(hands, soloist, game, to_move, value + 1)


# -- a brute-force reference ---------------------------------------------


def brute_force(
    hands: tuple[int, int, int],
    soloist: int,
    game: int,
    to_move: int,
    trick: tuple[int, ...] = (),
    leader: int | None = None,
) -> int:
    """Plain minimax over every legal card, straight from the rules."""
    null = game == GameType.NULL

    @cache
    def value(hands: tuple[int, int, int], trick: tuple[int, ...], leader: int) -> int:
        if len(trick) == 3:
            winner = (leader + trick_winner(game, trick)) % 3
            if null:
                if winner == soloist:
                    return 1
                return value(hands, (), winner) if any(hands) else 0
            points = trick_points(trick) if winner == soloist else 0
            return points + (value(hands, (), winner) if any(hands) else 0)
        seat = (leader + len(trick)) % 3
        legal = legal_cards(game, hands[seat], trick[0] if trick else None)
        results = []
        for card in range(32):
            if legal >> card & 1:
                after = list(hands)
                after[seat] ^= 1 << card
                results.append(value((after[0], after[1], after[2]), (*trick, card), leader))
        soloist_choice = (seat == soloist) != null  # null: the soloist avoids tricks
        return max(results) if soloist_choice else min(results)

    return value(hands, trick, to_move if leader is None else leader)


def random_position(
    rng: random.Random, size: int, in_trick: int
) -> tuple[tuple[int, int, int], tuple[int, ...], int]:
    cards = list(range(32))
    rng.shuffle(cards)
    leader = rng.randrange(3)
    trick = tuple(cards[:in_trick])
    rest = iter(cards[in_trick:])
    hands = [0, 0, 0]
    for seat in range(3):
        played = (seat - leader) % 3 < in_trick
        for _ in range(size - played):
            hands[seat] |= 1 << next(rest)
    return (hands[0], hands[1], hands[2]), trick, leader


@pytest.mark.parametrize("game", list(range(6)))
def test_against_brute_force(game: int) -> None:
    """Random small positions, also in the middle of a trick, every seat as
    soloist: the value and the value of every card match the brute force.
    The solvers (one per game and soloist) are shared by all positions, so
    bounds carried from one deal's shapes to another's are checked too."""
    rng = random.Random(1000 + game)
    for _ in range(200):
        size = rng.randint(1, 4)
        in_trick = rng.randint(0, 2)
        hands, trick, leader = random_position(rng, size, in_trick)
        soloist = rng.randrange(3)
        to_move = (leader + in_trick) % 3
        lead = leader if trick else None
        expected = brute_force(hands, soloist, game, to_move, trick, leader)
        assert solve(hands, soloist, game, to_move, trick, lead) == expected
        moves = solve_moves(hands, soloist, game, to_move, trick, lead)
        for card, v in moves.items():
            after = list(hands)
            after[to_move] ^= 1 << card
            assert v == brute_force(
                (after[0], after[1], after[2]),
                soloist,
                game,
                (to_move + 1) % 3,
                (*trick, card),
                leader,
            )


# -- null games by hand --------------------------------------------------


def m(text: str) -> int:
    return CardSet.from_str(text).mask


NULL = int(GameType.NULL)


def test_null_soloist_ducks_under_a_lead() -> None:
    """Soloist leads ♥7 under the defenders' ♥8: no trick for him."""
    assert solve((m("H7"), m("H8"), m("D9")), 0, NULL, 0) == 0


def test_null_soloist_must_take_with_a_single_ace() -> None:
    """A lone ace led into two low cards wins the trick: null is lost."""
    assert solve((m("HA"), m("H7"), m("H8")), 0, NULL, 0) == 1
    assert not solver_wins((m("HA"), m("H7"), m("H8")), 0, NULL, 0, 0)


def test_null_jack_ranks_between_ten_and_queen() -> None:
    """In null the jack is a plain card of its suit: ♥J beats ♥10 but not ♥Q."""
    # Defender leads ♥10; soloist (seat 1) holds ♥J and must follow: lost.
    assert solve((m("HT"), m("HJ"), m("H7")), 1, NULL, 0) == 1
    # Holding ♥9 too, he ducks under the ♥10.
    assert solve((m("HT D7"), m("HJ H9"), m("H7 D8")), 1, NULL, 0) == 0
    # Led ♥Q, the ♥J stays below it.
    assert solve((m("HQ"), m("HJ"), m("H7")), 1, NULL, 0) == 0


def test_null_defenders_force_a_trick_later() -> None:
    """The soloist escapes the first trick but his ♠A must win later: the
    defenders lead spades at him (♠A alone against ♠7 ♠8)."""
    hands = (m("D7 SA"), m("D8 S7"), m("D9 S8"))
    assert brute_force(hands, 0, NULL, 0) == 1
    assert solve(hands, 0, NULL, 0) == 1
    moves = solve_moves(hands, 0, NULL, 0)
    assert moves == {int(c): 1 for c in CardSet(hands[0])}


def test_null_mid_trick() -> None:
    """Middle of a trick: ♥8 led by seat 2, the soloist (seat 0) to play
    with ♥7 and ♥9 and seat 1 void in hearts: only ♥7 keeps him clean."""
    hands = (m("H7 H9"), m("D7 D8"), m("D9"))
    h8, h7, h9 = (m(c).bit_length() - 1 for c in ("H8", "H7", "H9"))
    moves = solve_moves(hands, 0, NULL, 0, (h8,), trick_leader=2)
    assert moves == {h9: 1, h7: 0}
    for card, v in moves.items():
        after = (hands[0] ^ 1 << card, hands[1], hands[2])
        assert v == brute_force(after, 0, NULL, 1, (h8, card), 2)
    assert solve(hands, 0, NULL, 0, (h8,), 2) == 0


def test_rejects_inconsistent_positions() -> None:
    with pytest.raises(ValueError):
        solve((m("H7"), m("H7"), m("D9")), 0, 4, 0)
    with pytest.raises(ValueError):
        solve((m("H7 H8"), m("H9"), m("D9")), 0, 4, 0)
    with pytest.raises(ValueError):
        solve((m("H7"), m("H8"), m("D9")), 0, 4, 1, trick=(5,))


def test_bench_run_checks_scores(dds_dir: Path, tmp_path: Path) -> None:
    """The benchmark exits 0 when every score matches, 1 on a mismatch."""
    from skat_core.benchmarks.solver import run

    lines = (dds_dir / "six_cards.txt").read_text().splitlines()[:3]
    good = tmp_path / "good.txt"
    good.write_text("\n".join(lines) + "\n")
    assert run(str(good)) == 0
    fields = lines[0].split(",")
    fields[-1] = str(int(fields[-1]) + 1)
    bad = tmp_path / "bad.txt"
    bad.write_text(",".join(fields) + "\n")
    assert run(str(bad)) == 1
    assert run(str(tmp_path / "missing.txt")) == 1
